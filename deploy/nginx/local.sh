#!/usr/bin/env bash
# Renders the web image's nginx configuration (nginx.conf + mtaani.conf.template, the same files) for
# a local foreground run by an unprivileged user: pid, logs and every temporary folder go to DIR.
# Prints the path of the rendered nginx.conf; start it with `nginx -c PATH -e DIR/error.log`.
#
# Usage: deploy/nginx/local.sh DIR LISTEN GATEWAY WEB_ROOT [RENDERER]
#   DIR       a writable folder (created) for the configuration, pid, logs and temp files
#   LISTEN    port or address:port, e.g. 127.0.0.1:18381
#   GATEWAY   host:port of the gateway, e.g. 127.0.0.1:18380
#   WEB_ROOT  the built SPA, e.g. web/dist
#   RENDERER  host:port of the page renderer (default: a closed port, every page rendered by the
#             browser), e.g. 127.0.0.1:18382
# Optional environment: MTAANI_HSTS (default: none), MTAANI_REAL_IP_FROM (default 127.0.0.1),
# MTAANI_BROTLI=auto|off (auto: on when Debian's brotli modules are installed).
set -euo pipefail

if (($# != 4 && $# != 5)); then
  echo "usage: $0 DIR LISTEN GATEWAY WEB_ROOT [RENDERER]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"
dir=$(cd "$1" && pwd)
if [[ ! -f "$4/index.html" ]]; then
  echo "$0: $4/index.html is missing: build the web app first (cd web && npm run build)" >&2
  exit 1
fi

export MTAANI_LISTEN=$2
export MTAANI_GATEWAY=$3
# Port 9 (discard) is closed on loopback: with no renderer, nginx falls back to index.html at once.
export MTAANI_RENDERER=${5:-127.0.0.1:9}
export MTAANI_WEB_ROOT
MTAANI_WEB_ROOT=$(cd "$4" && pwd)
export MTAANI_REAL_IP_FROM=${MTAANI_REAL_IP_FROM:-127.0.0.1}
export MTAANI_HSTS=${MTAANI_HSTS:-}
export MTAANI_SNIPPETS_DIR=$dir/mtaani.d

mkdir -p "$dir/conf.d" "$dir/mtaani.d"

# The same substitution as the image's envsubst, limited to MTAANI_* names.
text=$(<"$here/mtaani.conf.template")
for name in MTAANI_LISTEN MTAANI_GATEWAY MTAANI_RENDERER MTAANI_WEB_ROOT MTAANI_REAL_IP_FROM MTAANI_HSTS MTAANI_SNIPPETS_DIR; do
  text=${text//"\${$name}"/"${!name}"}
done
# shellcheck disable=SC2016 # the literal text ${MTAANI_ is what is looked for
if [[ $text == *'${MTAANI_'* ]]; then
  echo "$0: mtaani.conf.template has a placeholder this script does not fill:" >&2
  grep -o '\${MTAANI_[A-Z_]*}' <<<"$text" | sort -u >&2
  exit 1
fi
printf '%s\n' "$text" >"$dir/conf.d/mtaani.conf"

modules=/usr/lib/nginx/modules
main=""
if [[ ${MTAANI_BROTLI:-auto} == auto && -f $modules/ngx_http_brotli_filter_module.so && -f $modules/ngx_http_brotli_static_module.so ]]; then
  main+="load_module $modules/ngx_http_brotli_filter_module.so;"$'\n'
  main+="load_module $modules/ngx_http_brotli_static_module.so;"$'\n'
  cp "$here/optional/brotli.conf" "$dir/mtaani.d/brotli.conf"
fi
# /tmp/ first: DIR itself may lie under /tmp/.
main+=$(sed -e "s#/tmp/#$dir/#g" \
  -e "s#/etc/nginx/conf.d/#$dir/conf.d/#g" \
  -e "s#/dev/stdout#$dir/access.log#g" \
  -e "s#/dev/stderr#$dir/error.log#g" "$here/nginx.conf")
main+=$'\n'"daemon off;"
if ((EUID == 0)); then
  # Started by root, nginx runs its workers as nobody, who cannot write request bodies into DIR
  # (often inside a 0700 mktemp folder). The image runs nginx as user 101 and never switches.
  main+=$'\n'"user root;"
fi
if [[ $main != *"include $dir/conf.d/*.conf;"* ]]; then
  echo "$0: the rendered nginx.conf does not include $dir/conf.d/*.conf" >&2
  exit 1
fi
printf '%s\n' "$main" >"$dir/nginx.conf"
echo "$dir/nginx.conf"
