"""The telesina games the club plays (TS-00 .. TS-07), as data the engine runs and the console
shows. Where RULES.md marks a reading [U], the default is stated in the help text."""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.engine.errors import IllegalAction

MAX_CARDS = 7  # TS-07: own cards plus vele; the three-vela telesina was abolished 12 Sep 2022
THINKING_SECONDS = 300  # IT-11: at telesina raises need not be immediate, at most 5 minutes


@dataclass(frozen=True)
class Street:
    """What happens before one betting round: own cards dealt down or up, vele turned, or one
    own card exchanged (in the same orientation)."""

    own_down: int = 0
    own_up: int = 0
    turn_vele: int = 0
    exchange: bool = False


@dataclass(frozen=True)
class Variant:
    key: str
    name: str
    streets: tuple[Street, ...]
    vele_down: int = 0  # shared cards dealt face down in the centre, turned by the streets
    vele_up: int = 0  # shared cards shown from the start (Fischer's face-up vela [U])
    must_use_own: bool = False  # Texas: both own cards in the five
    invito: int = 0
    raise_cap_first_round: int | None = None  # Texas: raises before the flop at most 20
    straights_split: bool = False  # Texas: equal straights share the pot
    help_en: str = ""
    help_it: str = ""

    def __post_init__(self) -> None:
        total = self.own_cards + self.vele_down + self.vele_up
        if total > MAX_CARDS:
            raise IllegalAction("TOO_MANY_CARDS", own=self.own_cards,
                                vele=self.vele_down + self.vele_up, total=total, most=MAX_CARDS)
        if sum(s.turn_vele for s in self.streets) != self.vele_down:
            raise IllegalAction("VELA_TURNED")
        if self.own_cards + self.vele_down + self.vele_up < 5:
            raise IllegalAction("FIVE_CARDS_TELESINA")

    @property
    def own_cards(self) -> int:
        return sum(s.own_down + s.own_up for s in self.streets)

    @property
    def vele(self) -> int:
        return self.vele_down + self.vele_up


_SECCA = (Street(own_down=1, own_up=1), Street(own_up=1), Street(own_up=1), Street(own_up=1))

SECCA = Variant(
    "secca", "Secca", _SECCA,
    help_en="One card down and one up, a betting round; then three more up cards, each followed "
            "by a betting round. Best visible hand speaks first. Pot limit, no invito.",
    help_it="Una carta coperta e una scoperta, giro di puntate; poi altre tre scoperte, ognuna "
            "seguita da un giro. Parla per primo il punto migliore visibile. A piatto, senza "
            "invito.",
)
CAMBIO = Variant(
    "cambio", "Cambio (\"Liuni\")", (*_SECCA, Street(exchange=True)),
    help_en="Secca, then each player may exchange one card; the new card comes in the same "
            "orientation (down for down, up for up) and one more betting round follows [U].",
    help_it="Secca col cambio di una carta: la nuova arriva nello stesso verso (coperta per "
            "coperta, scoperta per scoperta), poi un giro di puntate in più [U].",
)
UNA_VELA = Variant(
    "una_vela", "Una vela (\"Presidenziale\")", (*_SECCA, Street(turn_vele=1)), vele_down=1,
    help_en="Secca plus one shared face-down card in the centre, turned after the own cards and "
            "followed by a betting round. Best five of six.",
    help_it="Secca più una vela coperta al centro, girata dopo le carte proprie e seguita da un "
            "giro. Il miglior punto di cinque carte su sei.",
)
FISCHER = Variant(
    "fischer", "Fischer", (*_SECCA, Street(turn_vele=1)), vele_down=1, vele_up=1,
    help_en="Two vele: one face up from the start, one face down turned after the own cards and "
            "followed by a betting round [U]: when the face-up vela comes is not written. Best "
            "five of seven.",
    help_it="Due vele: una scoperta dall'inizio, una coperta girata dopo le carte proprie e "
            "seguita da un giro [U]. Il miglior punto di cinque su sette.",
)
DUE_VELE = Variant(
    "due_vele", "Due vele coperte", (*_SECCA, Street(turn_vele=1), Street(turn_vele=1)),
    vele_down=2,
    help_en="Secca plus two face-down vele, each turned with a betting round after it. Best five "
            "of seven.",
    help_it="Secca più due vele coperte, ognuna girata con un giro di puntate dopo. Il miglior "
            "punto di cinque su sette.",
)
TEXAS = Variant(
    "texas", "Texas (del Club)",
    (Street(own_down=2), Street(turn_vele=3), Street(turn_vele=1), Street(turn_vele=1)),
    vele_down=5, must_use_own=True, invito=5, raise_cap_first_round=20, straights_split=True,
    help_en="Two own cards face down [U] and five vele: flop of three, then one, then one, a "
            "betting round each [U]. The hand must use both own cards plus three vele. Invito "
            "5 euro; before the flop raises are at most 20 euro each. Equal straights split the "
            "pot; equal straight flushes go to the higher suit.",
    help_it="Due carte proprie coperte [U] e cinque vele: flop di tre, poi una, poi una, con un "
            "giro ciascuna [U]. Bisogna usare entrambe le carte in mano più tre vele. Invito 5 "
            "euro; prima del flop rilanci massimo di 20 in 20. Scale uguali dividono; le scale "
            "reali non dividono (vale il seme).",
)

VARIANTS: dict[str, Variant] = {v.key: v for v in (SECCA, CAMBIO, UNA_VELA, FISCHER, DUE_VELE,
                                                   TEXAS)}


def variant(key: str) -> Variant:
    try:
        return VARIANTS[key]
    except KeyError:
        raise IllegalAction("UNKNOWN_TELESINA", key=key, known=", ".join(VARIANTS)) from None
