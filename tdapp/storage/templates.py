"""Blind-structure templates: reusable set-ups."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel

from tdapp.storage.types import when


class StructureTemplate(SQLModel, table=True):
    """A reusable tournament set-up: the blind structure and the money and chip rules."""

    __tablename__ = "structure_templates"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120, unique=True)
    settings: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = when()
    updated_at: datetime = when()
