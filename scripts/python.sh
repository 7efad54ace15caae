# Sourced by scripts/start and scripts/test: sets $python to a Python 3.11 or newer
# ($PYTHON if set, else python3, else the newest python3.X on the PATH).
python=""
for candidate in "${PYTHON:-}" python3 python3.14 python3.13 python3.12 python3.11; do
  if [ -n "$candidate" ] && command -v "$candidate" >/dev/null 2>&1 &&
      "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    python=$candidate
    break
  fi
  [ -n "${PYTHON:-}" ] && break  # an explicit choice is not replaced by a guess
done
if [ -z "$python" ]; then
  echo "Cardems needs Python 3.11 or newer: install it (Debian, Ubuntu: apt install python3)," \
    "or set PYTHON=/path/to/python3.11" >&2
  exit 2
fi
# The environment: .venv, or .venv-X.Y for a Python chosen with $PYTHON ($CARDEMS_VENV wins).
venv=.venv
[ -n "${PYTHON:-}" ] && venv=".venv-$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
venv=${CARDEMS_VENV:-$venv}
