"""Write ``old_pairs_verdicts.json``: the solver's answer (``cardems solve`` with and
without ``--shortest``) for Heart to Heart deals 0-59 and Pyramid deals 0-29 of each
variant, on the code of before the pairs family. Run once from the repository's root::

    .venv/bin/python tests/pairs/make_old_verdicts.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.pairs.old_logs import VERDICTS, verdict_codes, verdicts


def main() -> None:
    found = {code: verdicts(code) for code in verdict_codes()}
    VERDICTS.write_text(json.dumps(found, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
