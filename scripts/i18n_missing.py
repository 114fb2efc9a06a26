"""Lists the English strings that have no Italian translation yet, for whoever edits the catalogue
(tdapp/translations/it/LC_MESSAGES/messages.po): the strings marked in the code and templates
(`_()`, `gettext`) and the English templates of every refusal, warning and log line, the engine's
reasons and words among them.

    .venv/bin/python scripts/i18n_missing.py     # exits 1 when something is missing
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "tdapp/translations/it/LC_MESSAGES/messages.po"


def registered_templates() -> set[str]:
    """Every message template the areas register when their modules are imported."""
    sys.path.insert(0, str(ROOT))
    from tdapp.engine.errors import REASONS, WORDS
    from tdapp.i18n import ROLE_WORDS
    from tdapp.kernel import refusals

    # The tournament package registers every area's messages as it is imported.
    for name in ("tdapp.tournament", "tdapp.services", "tdapp.web", "tdapp.league"):
        package = importlib.import_module(name)
        for module in pkgutil.walk_packages(package.__path__, prefix=f"{name}."):
            importlib.import_module(module.name)
    # The registry keeps them private; this tool reads them.
    registered = {t.singular if isinstance(t, refusals.Plural) else t for t in refusals._MESSAGES.values()}
    return registered | set(REASONS.values()) | set(WORDS.values()) | set(ROLE_WORDS.values())


def marked_strings() -> set[str]:
    method_map = [("tdapp/**.py", "python"), ("templates/**.html", "jinja2")]
    found = extract_from_dir(str(ROOT), method_map=method_map, keywords={"_": None,
                             "gettext": None, "lazy_gettext": None, "ngettext": (1, 2),
                             "pgettext": ((1, "c"), 2)})
    return {message if isinstance(message, str) else message[0] for _, _, message, *_ in found}


def main() -> int:
    with CATALOGUE.open("rb") as po:
        translated = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(po) if m.string}
    missing = sorted((marked_strings() | registered_templates()) - translated)
    for message in missing:
        print(message)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
