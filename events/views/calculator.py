"""The score calculator: what a contract scores, and how it compares with other tables."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from events.forms_pads import CalculatorForm
from scoring import Contract, deal_score, imps, matchpoints
from scoring.matchpoints import board_top

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
STRAIN_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades", "NT": "No trump"}
DOUBLING_NAMES = {0: "", 1: " doubled", 2: " redoubled"}


def describe_contract(contract: Contract) -> dict:
    """How a contract is shown: `symbol` 4♠X, `name` 4 Spades doubled, `red` for ♥ and ♦."""
    if contract.passed_out:
        return {"symbol": "Pass", "name": "Passed out", "red": False}
    return {
        "symbol": f"{contract.level}{SUIT_SYMBOLS[contract.strain]}{'X' * contract.doubled}",
        "name": (
            f"{contract.level} {STRAIN_NAMES[contract.strain]}{DOUBLING_NAMES[contract.doubled]}"
        ),
        "red": contract.strain in ("H", "D"),
    }


def result_label(contract: Contract, tricks: int) -> str:
    """The result as a traveller writes it: =, +1, -2."""
    margin = tricks - contract.tricks_needed
    return "=" if margin == 0 else f"{margin:+d}"


def results_table(contract: Contract) -> list[dict]:
    """Every result of the contract, 13 tricks down to 0, not vulnerable and vulnerable."""
    return [
        {
            "tricks": tricks,
            "result": result_label(contract, tricks),
            "made": tricks >= contract.tricks_needed,
            "not_vulnerable": deal_score(contract, False, tricks),
            "vulnerable": deal_score(contract, True, tricks),
        }
        for tricks in range(13, -1, -1)
    ]


def comparison(score: int, *, other: int | None, scores: list[int]) -> dict:
    """IMPs against the other table's score and matchpoints against a list of scores."""
    compared = {}
    if other is not None:
        compared["difference"] = score - other
        compared["imps"] = imps(score - other)
    if scores:
        top = board_top(len(scores) + 1)
        won = matchpoints([score, *scores])[0]
        compared.update(matchpoints=won, top=top, percent=100 * won / top, tables=len(scores))
    return compared


@require_GET
def calculator(request: HttpRequest) -> HttpResponse:
    form = CalculatorForm(request.GET or None)
    context = {"form": form}
    if form.is_valid():
        data = form.cleaned_data
        contract, breakdown = data["contract"], data["breakdown"]
        margin = 0 if contract.passed_out else data["tricks"] - contract.tricks_needed
        context.update(
            contract=contract,
            shown=describe_contract(contract),
            declarer=data["declarer"],
            vulnerable=data["vulnerable"],
            tricks=data["tricks"],
            breakdown=breakdown,
            overtricks=max(margin, 0),
            down=max(-margin, 0),
            compared=comparison(breakdown.total, other=data["other"], scores=data["scores"]),
            table=[] if contract.passed_out else results_table(contract),
        )
    return render(request, "calculator/calculator.html", context)
