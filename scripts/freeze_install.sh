#!/usr/bin/env bash
# A frozen install of one revision for matches (the ledger's rule: never play a match from the
# editable checkout, which a rebuild or a reset changes under a running game).
#   scripts/freeze_install.sh NAME [REV]   ->  VENVS/NAME-venv/bin/mango (VENVS: the checkout's parent)
# REV defaults to HEAD; the revision is exported with git archive, so uncommitted edits never leak in.
# The install's revision is written to NAME-venv/REVISION for the ledger, and is the version's
# local label.
set -euo pipefail
cd "$(dirname "$0")/.."
NAME=${1:?usage: freeze_install.sh NAME [REV]}
REV=$(git rev-parse --short "${2:-HEAD}")
VENVS=${VENVS:-$(cd .. && pwd)}
VENV="$VENVS/$NAME-venv"
SRC=$(mktemp -d)
trap 'rm -rf "$SRC"' EXIT
git archive "$REV" | tar -xf - -C "$SRC"
# the commit as the version's local label (PEP 440: 0.2.0+g8e6e50c): GTP's `version` answers it,
# and the laboratory's stores record it for every game (engine_a, engine_b)
sed -i -E "0,/^version = \"([^\"+]+)\"/s//version = \"\1+g$REV\"/" "$SRC/pyproject.toml"
grep -q "^version = \".*+g$REV\"" "$SRC/pyproject.toml" || { echo "no version line to label" >&2; exit 1; }
rm -rf "$VENV"
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q "$SRC"
echo "$REV" > "$VENV/REVISION"
"$VENV/bin/python" -c "import mango.engine.search" && echo "$VENV/bin/mango ($REV)"
