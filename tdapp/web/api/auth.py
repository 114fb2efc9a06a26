"""Bearer tokens for API clients: trade a DdT's username and password for a token."""

from __future__ import annotations

from flask import jsonify, request
from pydantic import Field

from tdapp.services import accounts
from tdapp.web.api import ApiBody, bp, parse_json
from tdapp.web.errors import RequestRefused


class TokenRequest(ApiBody):
    username: str = Field(min_length=1, max_length=accounts.MAX_USERNAME_LENGTH)
    password: str = Field(min_length=1, max_length=1024)


@bp.post("/auth/token")
def token():
    """200 with `{"token"}`; 401 for a wrong password; 429 after too many failures."""
    body = parse_json(TokenRequest)
    try:
        user = accounts.authenticate(body.username, body.password, client=request.remote_addr or "")
    except accounts.AccountError as refused:
        raise RequestRefused(refused.code, status=429, **refused.params) from None
    if user is None:
        raise RequestRefused("WRONG_CREDENTIALS", status=401)
    return jsonify(token=accounts.issue_token(user))
