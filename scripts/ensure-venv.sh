# shellcheck shell=bash
# ensure_venv [EXTRA]: create .venv with Python >= 3.11 and install starlanes (editable) into it when
# missing or when pyproject.toml changed since the last install. Sourced by ./run and ./test.
ensure_venv() {
  local extra="${1:-}" py=""
  local stamp=".venv/.installed${extra:+-$extra}"  # a second local: the first one's $extra is not set yet
  if [ ! -x .venv/bin/python ]; then
    for cand in python3.13 python3.12 python3.11 python3; do
      if command -v "$cand" >/dev/null 2>&1 &&
         "$cand" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        py="$cand"; break
      fi
    done
    if [ -z "$py" ]; then
      echo "starlanes needs Python 3.11 or newer; trying the system package manager." >&2
      if command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && apt-get install -y -qq python3 python3-venv >/dev/null
        py=python3
      else
        echo "Install Python 3.11+ and run this again." >&2; return 1
      fi
    fi
    echo "Creating .venv with $py ..." >&2
    "$py" -m venv .venv || {
      command -v apt-get >/dev/null 2>&1 && apt-get update -qq &&
        apt-get install -y -qq python3-venv >/dev/null && "$py" -m venv .venv; }
    rm -f .venv/.installed*
  fi
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "Installing starlanes${extra:+ [$extra]} into .venv ..." >&2
    .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null
    .venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extra:+[$extra]}"
    touch "$stamp"
  fi
}
