"""A request's JSON body, read strictly into the pydantic model its endpoint declares.

The OpenAPI document (openapi.py) finds each endpoint's body by the model it gives to
`parse_json`, so an endpoint reads its body through it and no other way.
"""

from __future__ import annotations

from typing import TypeVar

from flask import request
from pydantic import BaseModel, ConfigDict, ValidationError

from tdapp.kernel.refusals import register_messages
from tdapp.web.api.validation import field_of, json_problem, problem_of
from tdapp.web.errors import RequestRefused

Body = TypeVar("Body", bound=BaseModel)

register_messages({
    "MALFORMED_JSON": "The request body is not valid JSON: %(reason)s",
    "INVALID_REQUEST": "The request is not valid: %(problems)s",
})


class ApiBody(BaseModel):
    """Base of every request body: JSON types exactly ("5" is not 5, true is not 1), and a field
    the endpoint does not know is an error rather than silently ignored."""

    model_config = ConfigDict(strict=True, extra="forbid")


def parse_json(schema: type[Body]) -> Body:
    """The request's JSON body as `schema`, or a 400 (not JSON) / 422 (wrong shape) refusal.
    An empty body counts as `{}` so that endpoints whose fields all have defaults need none."""
    raw = request.get_data(cache=True) or b"{}"
    try:
        return schema.model_validate_json(raw)
    except ValidationError as invalid:
        errors = invalid.errors(include_url=False)
        if errors and errors[0]["type"] == "json_invalid":
            raise RequestRefused("MALFORMED_JSON", status=400,
                                 reason=json_problem(errors[0])) from None
        fields = [field_of(error) for error in errors]
        problems = "; ".join(problem_of(error) for error in errors)
        raise RequestRefused("INVALID_REQUEST", fields=fields, problems=problems) from None
