"""Blind-structure templates: reusable set-ups."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field

from tdapp.storage.tenancy import ClubOwned
from tdapp.storage.types import when


class StructureTemplate(ClubOwned, table=True):
    """A reusable tournament set-up: the blind structure and the money and chip rules."""

    __tablename__ = "structure_templates"
    # A name is unique within its club: two clubs may each keep their "Torneo del lunedì".
    __table_args__ = (UniqueConstraint("club_id", "name", name="uq_structure_templates_club_id_name"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    settings: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = when()
    updated_at: datetime = when()
