"""The CSV files of ``stickslip simulate FILE`` (studies/experiment/system_study.cpp) written from a
:class:`stickslip.SystemSimulation`: state.csv, contacts.csv, events.csv and (ledger on) ledger.csv, the same
columns and the same numbers (17 significant digits, as the program writes a double), so that a run from Python and
the program's run of the same system give the same files byte for byte. summary.json and system.png are the
program's alone."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable, List

LEDGER_KEYS = ["kinetic", "springs", "law_springs", "friction_work", "other_work", "friction_dissipated", "balance"]
LEDGER_COLUMNS = ["t [s]", "kinetic [J]", "springs [J]", "law springs [J]", "friction work [J]", "other work [J]",
                  "friction dissipated [J]", "balance [J]"]


def _number(x: float) -> str:
    return "%.17g" % x  # std::setprecision(max_digits10) on a double


def _field(text: str) -> str:
    """A CSV field as the program quotes it (RFC 4180)."""
    if not any(c in text for c in ',"\r\n'):
        return text
    return '"' + text.replace('"', '""') + '"'


def _write(path: Path, columns: List[str], rows: Iterable[List[str]]) -> None:
    part = path.with_name(path.name + ".part")  # as the program: never a half-written file under its own name
    with open(part, "w", newline="") as f:
        f.write(",".join(_field(c) for c in columns) + "\n")
        for row in rows:
            f.write(",".join(row) + "\n")
    os.replace(part, path)


def write_system_csv(r: Any, out: os.PathLike) -> Path:
    """Write r's rows into the folder out (made if missing) as the program's CSV files; returns the folder."""
    d = Path(out)
    d.mkdir(parents=True, exist_ok=True)
    m = len(r.contacts)
    state_cols = ["t [s]"] + [f"{b} [m]" for b in r.bodies] + [f"v_{b} [m/s]" for b in r.bodies]
    _write(d / "state.csv", state_cols,
           ([_number(r.t[i])] + [_number(x) for x in r.q[i]] + [_number(x) for x in r.v[i]]
            for i in range(len(r.t))))
    contact_cols = ["t [s]"]
    for c in r.contacts:
        contact_cols += [f"s_{c} [m/s]", f"F_{c} [N]", f"Fn_{c} [N]", f"stuck_{c} [0/1]"]
    _write(d / "contacts.csv", contact_cols,
           ([_number(r.t[i])] + [_number(float(x)) for c in range(m)
                                 for x in (r.s[i, c], r.F[i, c], r.fn[i, c], r.stuck[i, c])]
            for i in range(len(r.t))))
    if r.ledger:
        _write(d / "ledger.csv", LEDGER_COLUMNS,
               ([_number(r.t[i])] + [_number(r.ledger[k][i]) for k in LEDGER_KEYS] for i in range(len(r.t))))
    _write(d / "events.csv", ["t [s]", "contact", "from", "to"],
           ([_number(t), _field(c), a, b] for t, c, a, b in r.events()))
    return d
