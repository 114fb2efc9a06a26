"""Structure templates: a whole set-up (blinds, stack, money rules) saved under a name.

The settings are stored as the same JSON the event log uses for them, so a template and a
`TournamentConfigured` event read back through one decoder.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlmodel import Session, col, select

from tdapp.kernel.events import decode, encode
from tdapp.kernel.names import fits, tidied
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import tenancy
from tdapp.storage.database import is_id, session_scope
from tdapp.storage.templates import StructureTemplate as TemplateRow
from tdapp.tournament.settings import AddOnRules, RebuyRules, Settings, follow_entry, validate
from tdapp.tournament.structure_templates import TEMPLATES
from tdapp.wallclock import utcnow

MAX_NAME = 120

register_messages(
    {
        "UNKNOWN_TEMPLATE": "There is no template %(template_id)s",
        "BAD_TEMPLATE_NAME": "A template needs a name of at most %(max)s characters",
        "TEMPLATE_NAME_TAKEN": "A template named %(name)s already exists",
    }
)


@dataclass(frozen=True)
class Template:
    id: int
    name: str
    settings: Settings


def _shipped() -> list[tuple[str, Settings]]:
    """The three structures the club starts from. The club's own one comes with its rebuy period
    (levels 1-4, stack at most the starting stack, HE-36) and the add-on at the break (HE-37)."""
    shipped = []
    for blinds in TEMPLATES:
        settings = Settings(
            name=blinds.name, starting_stack=blinds.starting_stack, structure=blinds.structure
        )
        if blinds.key == "club":
            settings = replace(
                settings,
                rebuy=RebuyRules(
                    until_level=4,
                    chips=blinds.starting_stack,
                    price_cents=settings.buy_in_cents,
                    max_stack=blinds.starting_stack,
                    chips_as_stack=True,
                    price_as_buy_in=True,
                ),
                add_on=AddOnRules(chips=blinds.starting_stack, price_cents=settings.buy_in_cents,
                                  chips_as_stack=True, price_as_buy_in=True),
            )
        shipped.append((blinds.name, settings))
    return shipped


def ensure_shipped() -> None:
    """Give each club without templates the shipped ones (an emptied list stays as the DdT left
    it only until the next start: then the three come back), one club at a time."""
    for club_id in tenancy.club_ids():
        with tenancy.in_club(club_id), session_scope() as db:
            if db.exec(select(TemplateRow.id).limit(1)).first() is None:
                ship(db, club_id)


def ship(db: Session, club_id: int) -> None:
    """Add the shipped templates to club `club_id` (a new club gets them at once)."""
    for name, settings in _shipped():
        db.add(TemplateRow(club_id=club_id, name=name, settings=encode(settings)))


def _template(row: TemplateRow) -> Template:
    return Template(row.id, row.name, decode(Settings, row.settings))


def list_templates() -> list[Template]:
    with session_scope() as db:
        rows = db.exec(select(TemplateRow).order_by(col(TemplateRow.name))).all()
        return [_template(row) for row in rows]


def get_template(template_id: int) -> Template:
    with session_scope() as db:
        return _template(_row(db, template_id))


def _row(db, template_id: int) -> TemplateRow:
    row = db.get(TemplateRow, template_id) if is_id(template_id) else None
    if row is None:
        raise DomainError("UNKNOWN_TEMPLATE", template_id=template_id)
    return row


def save_template(name: str, settings: Settings, template_id: int | None = None) -> Template:
    """Create a template, or replace template `template_id`; the settings must be valid."""
    name = tidied(name, inner_spaces=True)
    if not fits(name, MAX_NAME):
        raise DomainError("BAD_TEMPLATE_NAME", max=MAX_NAME)
    validate(settings)
    settings = follow_entry(settings)
    with session_scope() as db:
        clash = db.exec(select(TemplateRow).where(TemplateRow.name == name)).first()
        if clash is not None and clash.id != template_id:
            raise DomainError("TEMPLATE_NAME_TAKEN", name=name)
        if template_id is None:
            row = TemplateRow(name=name, settings=encode(settings))
            db.add(row)
        else:
            row = _row(db, template_id)
            row.name = name
            row.settings = encode(settings)
            row.updated_at = utcnow()
        db.flush()
        return _template(row)


def delete_template(template_id: int) -> None:
    with session_scope() as db:
        db.delete(_row(db, template_id))
