"""A request's JSON body, read strictly into the pydantic model its endpoint declares, or the
CSV file an import sends.

The OpenAPI document (openapi.py) finds each endpoint's body by the model it gives to
`parse_json` (or by its call of `read_csv_file`), so an endpoint reads its body through them
and no other way.
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


CSV_TYPES = ("text/csv", "text/plain")
CSV_FIELD = "file"

register_messages({
    "NOT_CSV": "Send the file as text/csv (or as the field %(field)s of a multipart form), not "
               "%(media_type)s",
    "NO_CSV_FILE": "The form has no file in its field %(field)s",
})


def read_csv_file() -> bytes:
    """The CSV file a request sends: its body as text/csv (or text/plain), or the `file` field
    of a multipart form as a browser uploads it; 415 for any other body. The OpenAPI document
    finds the endpoints that call it as it finds `parse_json`'s."""
    if request.mimetype == "multipart/form-data":
        sent = request.files.get(CSV_FIELD)
        if sent is None:
            raise RequestRefused("NO_CSV_FILE", status=400, field=CSV_FIELD)
        return sent.read()
    if request.mimetype not in CSV_TYPES:
        raise RequestRefused("NOT_CSV", status=415, field=CSV_FIELD,
                             media_type=request.mimetype or "no type")
    return request.get_data(cache=False)
