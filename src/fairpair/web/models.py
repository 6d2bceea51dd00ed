"""The JSON bodies the API accepts (pydantic models; they make the OpenAPI document).

They check shapes and types only (a 422 when they fail); what a value means is checked
by the workflow (a 400 naming the field).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from fairpair.systems import SYSTEMS, descriptors

__all__ = [
    "ByeIn",
    "CreatedOut",
    "ErrorOut",
    "PairIn",
    "PlayerIn",
    "PlayerPatch",
    "PlayerTokensIn",
    "ResultIn",
    "SettingsIn",
    "TokenIn",
    "TokenOut",
    "TournamentIn",
]

Scalar = str | int | float | bool


def _options_description() -> str:
    """The options of every system, from their descriptors (the one schema)."""
    lines = [
        'System options, checked and stored (e.g. {"seed": 7}). Every system: '
        "explain (bool), seed (int)."
    ]
    for d in descriptors():
        if d.choices:
            own = "; ".join(f"{o.name} ({o.describe()})" for o in d.choices)
            lines.append(f"{d.name}: {own}.")
    return " ".join(lines)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerIn(_Strict):
    """A player to register (chess-style systems; McMahon also needs ``rank``)."""

    name: str = Field(min_length=1, max_length=200, examples=["Rossi, Anna"])
    rating: int | float | str | None = Field(
        None, description="Rating (chess: an integer; McMahon: an AGA rating like -4.3)."
    )
    title: str = Field("", max_length=10, description="GM, IM, WGM, FM, WIM, CM, WFM, WCM.")
    federation: str = Field("", max_length=10, description="Three-letter federation code.")
    fide_id: str = Field("", max_length=20)
    sex: str = Field("", max_length=10, description="m or w (or empty).")
    birth: str = Field("", max_length=20, description="Birth date YYYY/MM/DD or year.")
    club: str = Field("", max_length=200)
    rank: str | None = Field(None, max_length=10, description="McMahon: Go rank (3k, 2d).")
    band: int | None = Field(None, description="McMahon late entry: band (1 = top).")
    from_round: int | None = Field(
        None, description="Late entry: the first round he plays (default: the next)."
    )
    allow_duplicate: bool = Field(False, description="Accept a name already registered.")


class TournamentIn(_Strict):
    """A new tournament."""

    name: str | None = Field(None, max_length=200, examples=["Club Open"])
    system: str = Field(
        max_length=32,
        description="One of: " + ", ".join(SYSTEMS) + " (score-order is a test system).",
        examples=["dutch"],
    )
    rounds: int = Field(description="Number of rounds (pairings).", examples=[7])
    players: list[PlayerIn] = Field(
        default_factory=list,
        description="At most the players limit (FAIRPAIR_MAX_PLAYERS, 200,000 by default).",
    )
    options: dict[str, Scalar] = Field(default_factory=dict, description=_options_description())
    double: bool = Field(False, description="Two games per pairing (TCEC, Netrunner).")
    seeding: str | None = Field(None, max_length=40, description="TCEC: group, group:G, ...")
    bar: str | None = Field(None, max_length=10, description="McMahon: the bar rank (5d).")
    zero: Literal["top", "bottom"] = Field("top", description="McMahon: band at score 0.")


class PlayerPatch(_Strict):
    """Changes to a player: corrected details, a withdrawal (``withdrawn_from``: the
    first round he misses; ``null`` takes a withdrawn player back)."""

    name: str | None = Field(None, max_length=200)
    rating: int | float | str | None = None
    title: str | None = Field(None, max_length=10)
    federation: str | None = Field(None, max_length=10)
    fide_id: str | None = Field(None, max_length=20)
    sex: str | None = Field(None, max_length=10)
    birth: str | None = Field(None, max_length=20)
    club: str | None = Field(None, max_length=200)
    withdrawn_from: int | None = Field(None, examples=[4])


class ResultIn(_Strict):
    """A board's result, from the first-listed (white / corp) player's side."""

    result: str = Field(
        max_length=16,
        description='"1-0", "0-1", "1/2" (also "=", "½-½"), "+-", "-+" (forfeits), '
        '"--" (double forfeit) or "clear"; where the system records them (Netrunner), '
        '"id" (intentional draw) and, in double rounds, "2-0" / "0-2" (a 2-for-1).',
        examples=["1-0"],
    )


class ByeIn(_Strict):
    """A requested bye: points in units of a win (0, 0.5 or 1; default the system's)."""

    points: float | str | None = Field(None, examples=[0.5])


class PairIn(_Strict):
    """Two players (numbers or names) to forbid or force as a pairing."""

    players: list[int | str] = Field(min_length=2, max_length=2, examples=[[3, 7]])
    round: int | None = Field(None, description="McMahon: only this round.")
    remove: bool = Field(False, description="Remove the pair instead.")


#: The longest a token can be made to last (ten years, in seconds).
MAX_TOKEN_SECONDS = 10 * 366 * 24 * 3600


class TokenIn(_Strict):
    """A token to issue: an arbiter (enters results), a player (reports his own), or
    another director token (to replace one: issue, then revoke the old one)."""

    role: Literal["arbiter", "player", "director"]
    player: int | str | None = Field(
        None, description="The player (number or name) of a player token."
    )
    expires_in: int | None = Field(
        None,
        ge=1,
        le=MAX_TOKEN_SECONDS,
        description="Seconds until the token expires (1 to ten years); none: never.",
        examples=[86400],
    )


class PlayerTokensIn(_Strict):
    """Player tokens to issue at once: one per player (his personal link)."""

    players: list[int] | None = Field(
        None,
        max_length=200_000,
        description="Pairing numbers; none: every player not withdrawn.",
        examples=[[1, 2, 3]],
    )
    expires_in: int | None = Field(
        None,
        ge=1,
        le=MAX_TOKEN_SECONDS,
        description="Seconds until the tokens expire (1 to ten years); none: never.",
    )


class SettingsIn(_Strict):
    """The event settings of the web app (each optional: only those given change)."""

    confirm_agreed_reports: bool | None = Field(
        None,
        description="A result reported by both players of a game, the same, counts at once "
        "(default false: the director confirms every report).",
    )


class ErrorOut(BaseModel):
    """Every refusal: what was wrong, the field at fault, what was expected."""

    error: str
    field: str | None = None
    expected: str | None = None


class CreatedOut(BaseModel):
    """A created tournament: keep the director token, it is shown only once."""

    id: str
    director_token: str
    tournament: dict[str, Any]


class TokenOut(BaseModel):
    token: str
    role: str
    player: int | None = None
    id: str = Field(description="The token's id, to revoke it.")
    expires_at: str | None = Field(None, description="When it expires (UTC); none: never.")


class TokenInfoOut(BaseModel):
    """An issued token as listed for the director: its id, never its text."""

    id: str
    role: str
    player: int | None = None
    created_at: str
    expires_at: str | None = None
    expired: bool
