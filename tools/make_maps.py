"""One-off: write src/rootgame/data/{winter,lake,mountain}.json from ../shared/rules/maps.json
(the reference, checked against the Law's chapter M; see docs/rulings.md)."""

import json
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "shared" / "rules" / "maps.json"
OUT = Path(__file__).resolve().parents[1] / "src" / "rootgame" / "data"


def convert(m: dict) -> dict:
    closed = [sorted(p) for p in m.get("closed_paths_at_start", [])]
    out = {
        "map": m["map"],
        "printed_suits": False,
        "clearings": [
            {
                "id": c["id"],
                "suit": None,
                "suggested_suit": c.get("suggested_suit"),
                "slots": c["building_slots_total"],
                "ruin": c["starts_with_ruin"],
                "corner": c["corner"],
                "opposite": c["opposite_corner"],
                "adjacent": sorted(
                    c["adjacent_clearings"] + c.get("adjacent_via_closed_path_at_start", [])
                ),
                "xy": c["chart_xy_2050px"],
            }
            for c in m["clearings"]
        ],
        "paths": sorted(sorted(p) for p in m["paths"]),
        "closed_paths": sorted(closed),
        "rivers": sorted(sorted(p) for p in m["rivers"]),
        "coastal": sorted(m["lake"]["coastal_clearings"]) if "lake" in m else [],
        "ferry": m["ferry"]["start_clearing"] if "ferry" in m else None,
        "tower": m["tower"]["start_clearing"] if "tower" in m else None,
        "forests": [
            {
                "id": f["id"],
                "clearings": f["adjacent_clearings"],
                "forests": sorted(f["adjacent_forests"]),
            }
            for f in m["forests"]
        ],
    }
    return out


maps = json.loads(SRC.read_text())["maps"]
for name, m in maps.items():
    (OUT / f"{name}.json").write_text(json.dumps(convert(m), indent=1) + "\n")
