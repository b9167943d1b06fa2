#!/usr/bin/env python3
"""Policy checks on the rendered Kubernetes manifests: the hardening, probes, secrets and network
rules that deploy/README.md promises, so a later change cannot drop one silently.

Usage: check_manifests.py OVERLAY=RENDERED.yaml ...   (OVERLAY: base, dev or prod)
Prints one line per failed check and a closing 'N passed, N failed' line; exits 1 on any failure.
"""

from __future__ import annotations

import base64
import sys
from collections import defaultdict
from urllib.parse import urlsplit

import yaml

SERVICES = {  # name -> (gRPC port, health service name)
    "accounts-svc": (50051, "accounts.v1.AccountsService"),
    "catalog-svc": (50052, "catalog.v1.CatalogService"),
    "booking-svc": (50053, "booking.v1.BookingService"),
    "messaging-svc": (50054, "messaging.v1.MessagingService"),
}
MTAANI = [*SERVICES, "gateway", "web", "renderer"]
INGRESS_NAMESPACE = "ingress-nginx"

# Pod-to-pod connections NetworkPolicies must allow; every other pair and port must be denied.
ALLOWED_ALWAYS = {
    ("web", "gateway", 8080),
    ("web", "renderer", 8080),
    ("renderer", "gateway", 8080),
    ("gateway", "accounts-svc", 50051),
    ("gateway", "catalog-svc", 50052),
    ("gateway", "booking-svc", 50053),
    ("gateway", "messaging-svc", 50054),
    ("accounts-svc", "messaging-svc", 50054),
    ("accounts-svc", "catalog-svc", 50052),
    ("accounts-svc", "booking-svc", 50053),
    ("catalog-svc", "messaging-svc", 50054),
    ("booking-svc", "accounts-svc", 50051),
    ("booking-svc", "catalog-svc", 50052),
    ("booking-svc", "messaging-svc", 50054),
}
ALLOWED_IN_CLUSTER_DATA = {(s, "postgres", 5432) for s in SERVICES} | {("gateway", "redis", 6379)}
# Ports each pod may reach outside the cluster (ipBlock peers), DNS aside.
EXTERNAL_ALWAYS = {"accounts-svc": {443}, "catalog-svc": {443}, "messaging-svc": {25, 443, 465, 587}}
EXTERNAL_MANAGED_DATA = {**{s: {5432} for s in SERVICES}, "gateway": {6379}}


class Checker:
    def __init__(self) -> None:
        self.passed = 0
        self.failed: list[str] = []

    def check(self, condition: bool, what: str) -> bool:
        if condition:
            self.passed += 1
        else:
            self.failed.append(what)
        return bool(condition)


def pods_of(docs):
    """(kind/name, pod spec, pod labels) of every workload."""
    for d in docs:
        if d["kind"] in ("Deployment", "StatefulSet", "DaemonSet", "Job"):
            t = d["spec"]["template"]
            yield f'{d["kind"]}/{d["metadata"]["name"]}', t["spec"], t["metadata"].get("labels", {})


def selects(selector: dict | None, labels: dict) -> bool:
    if selector is None:
        return False
    for k, v in (selector.get("matchLabels") or {}).items():
        if labels.get(k) != v:
            return False
    for e in selector.get("matchExpressions") or []:
        value, op = labels.get(e["key"]), e["operator"]
        if op == "In" and value not in e["values"]:
            return False
        if op == "NotIn" and value in e["values"]:
            return False
        if op == "Exists" and e["key"] not in labels:
            return False
        if op == "DoesNotExist" and e["key"] in labels:
            return False
    return True


def port_ok(ports, port: int) -> bool:
    return not ports or any(p.get("port") in (None, port) for p in ports)


def check_workloads(c: Checker, overlay: str, docs) -> None:
    accounts = {d["metadata"]["name"]: d for d in docs if d["kind"] == "ServiceAccount"}
    names = set()
    for ref, spec, labels in pods_of(docs):
        name = labels.get("app.kubernetes.io/name")
        names.add(name)
        c.check(labels.get("app.kubernetes.io/part-of") == "mtaani", f"{overlay}: {ref}: pods lack part-of: mtaani")
        psc = spec.get("securityContext") or {}
        c.check(psc.get("runAsNonRoot") is True, f"{overlay}: {ref}: pod runAsNonRoot is not true")
        c.check(psc.get("runAsUser", 0) != 0, f"{overlay}: {ref}: pod runAsUser is root or unset")
        c.check(
            (psc.get("seccompProfile") or {}).get("type") == "RuntimeDefault",
            f"{overlay}: {ref}: pod seccompProfile is not RuntimeDefault",
        )
        c.check(spec.get("automountServiceAccountToken") is False, f"{overlay}: {ref}: service account token mounted")
        sa = accounts.get(spec.get("serviceAccountName", ""))
        c.check(
            sa is not None and sa.get("automountServiceAccountToken") is False,
            f"{overlay}: {ref}: no own ServiceAccount with automountServiceAccountToken: false",
        )
        c.check(spec.get("hostNetwork") is not True and spec.get("hostPID") is not True, f"{overlay}: {ref}: host namespaces")
        for ctr in [*spec.get("initContainers", []), *spec["containers"]]:
            cref = f"{overlay}: {ref}: container {ctr['name']}"
            sc = ctr.get("securityContext") or {}
            c.check(sc.get("readOnlyRootFilesystem") is True, f"{cref}: readOnlyRootFilesystem is not true")
            c.check(sc.get("allowPrivilegeEscalation") is False, f"{cref}: allowPrivilegeEscalation is not false")
            c.check(sc.get("privileged") is not True, f"{cref}: privileged")
            caps = sc.get("capabilities") or {}
            c.check("ALL" in (caps.get("drop") or []), f"{cref}: capabilities do not drop ALL")
            c.check(not caps.get("add"), f"{cref}: adds capabilities")
            res = ctr.get("resources") or {}
            req, lim = res.get("requests") or {}, res.get("limits") or {}
            c.check("cpu" in req and "memory" in req, f"{cref}: cpu/memory requests missing")
            c.check("memory" in lim, f"{cref}: memory limit missing")
            c.check("livenessProbe" in ctr and "readinessProbe" in ctr, f"{cref}: liveness or readiness probe missing")
            image = ctr.get("image", "")
            c.check(
                ":" in image.rsplit("/", 1)[-1] and not image.endswith(":latest"),
                f"{cref}: image {image!r} has no pinned tag",
            )
            if name in MTAANI:
                mounts = {m["mountPath"] for m in ctr.get("volumeMounts", [])}
                c.check("/tmp" in mounts, f"{cref}: no writable /tmp volume")
        if name in SERVICES:
            port, health = SERVICES[name]
            ctr = spec["containers"][0]
            live, ready, start = ctr.get("livenessProbe", {}), ctr.get("readinessProbe", {}), ctr.get("startupProbe")
            c.check(
                "grpc" in live and live["grpc"].get("port") == port and not live["grpc"].get("service"),
                f"{overlay}: {ref}: liveness must be the process's own gRPC health (service \"\") on {port}",
            )
            c.check(
                "grpc" in ready and ready["grpc"].get("port") == port and ready["grpc"].get("service") == health,
                f"{overlay}: {ref}: readiness must be gRPC health of {health} on {port}",
            )
            c.check(start is not None and "grpc" in start, f"{overlay}: {ref}: no gRPC startupProbe (migrations)")
            c.check(
                spec.get("terminationGracePeriodSeconds", 30) >= 35,
                f"{overlay}: {ref}: terminationGracePeriodSeconds below the 30 s call timeout + margin",
            )
        if name == "gateway":
            ctr = spec["containers"][0]
            c.check("tcpSocket" in ctr.get("livenessProbe", {}), f"{overlay}: {ref}: gateway liveness must not depend on services")
            c.check(
                ctr.get("readinessProbe", {}).get("httpGet", {}).get("path") == "/api/health",
                f"{overlay}: {ref}: gateway readiness is not GET /api/health",
            )
            c.check(spec.get("terminationGracePeriodSeconds", 30) >= 25, f"{overlay}: {ref}: grace below the 20 s drain")
    for name in MTAANI:
        c.check(name in names, f"{overlay}: no workload for {name}")

    for d in docs:
        if d["kind"] != "Deployment" or d["metadata"]["name"] not in MTAANI:
            continue
        ref = f"{overlay}: Deployment/{d['metadata']['name']}"
        strategy = d["spec"].get("strategy") or {}
        volumes = d["spec"]["template"]["spec"].get("volumes", [])
        on_rwo_claim = any("persistentVolumeClaim" in v for v in volumes)
        if strategy.get("type") == "Recreate":
            # Only a pod bound to a ReadWriteOnce claim (dev photos) may stop before its successor starts.
            c.check(overlay == "dev" and on_rwo_claim, f"{ref}: Recreate strategy outside a dev volume claim")
        else:
            c.check(
                (strategy.get("rollingUpdate") or {}).get("maxUnavailable") == 0,
                f"{ref}: rolling update must keep maxUnavailable: 0",
            )


def check_services(c: Checker, overlay: str, docs) -> None:
    services = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Service"}
    for name, svc in services.items():
        for p in svc["spec"].get("ports", []):
            c.check(bool(p.get("name")), f"{overlay}: Service/{name}: port {p.get('port')} has no name")
    for name, (port, _) in SERVICES.items():
        ports = [(p.get("name"), p.get("port")) for p in services.get(name, {}).get("spec", {}).get("ports", [])]
        c.check(ports == [("grpc", port)], f"{overlay}: Service/{name}: expected one port named grpc on {port}, got {ports}")
    for name in ("gateway", "web", "renderer"):
        ports = [p.get("name") for p in services.get(name, {}).get("spec", {}).get("ports", [])]
        c.check(ports == ["http"], f"{overlay}: Service/{name}: expected one port named http, got {ports}")


def secret_values(d):
    for k, v in (d.get("stringData") or {}).items():
        yield k, v or ""
    for k, v in (d.get("data") or {}).items():
        yield k, base64.b64decode(v or "").decode("utf-8", "replace")


SENSITIVE_KEYS = ("PASSWORD", "SECRET", "PASSKEY", "ACCESS_KEY", "DATABASE_URL", "SMTP_URL", "REDIS_URL", "TOKEN")


def check_config(c: Checker, overlay: str, docs) -> None:
    for d in docs:
        ref = f"{overlay}: {d['kind']}/{d['metadata']['name']}"
        if d["kind"] == "Secret":
            c.check(overlay != "prod", f"{ref}: prod must not carry Secrets (ops supply them)")
            for key, value in secret_values(d):
                c.check(
                    value == "" or "CHANGE_ME" in value,
                    f"{ref}: {key} looks like a real value; only empty or CHANGE_ME placeholders belong in git",
                )
                url = urlsplit(value) if "://" in value else None
                if url and url.password is not None:
                    c.check("CHANGE_ME" in url.password, f"{ref}: {key} has a password that is not a CHANGE_ME placeholder")
        if d["kind"] == "ConfigMap":
            for key, value in (d.get("data") or {}).items():
                if "\n" in (value or ""):
                    continue  # a file (e.g. the dev init SQL), not a setting
                c.check(
                    not any(s in key.upper() for s in SENSITIVE_KEYS),
                    f"{ref}: {key} is a secret setting; it belongs in a Secret",
                )

    config = {}
    for d in docs:
        if d["kind"] == "ConfigMap":
            base_name = d["metadata"]["name"].rsplit("-", 1)[0]
            config[base_name] = d.get("data") or {}
    shared = config.get("mtaani-config", {})
    web = config.get("web", {})
    catalog = config.get("catalog-svc", {})
    c.check(shared.get("DATA_DIR", "").startswith("/tmp/"), f"{overlay}: DATA_DIR must be under the /tmp emptyDir")
    c.check(config.get("gateway", {}).get("TRUST_PROXY") == "true", f"{overlay}: gateway must trust nginx (TRUST_PROXY)")
    if overlay == "prod":
        c.check(shared.get("SEED_DEMO") == "false", "prod: SEED_DEMO must be false")
        c.check(web.get("MTAANI_HSTS", "").startswith("max-age="), "prod: HSTS must be on")
        c.check(bool(catalog.get("MEDIA_S3_BUCKET")), "prod: photos must go to a bucket (MEDIA_S3_BUCKET)")
    else:
        c.check(web.get("MTAANI_HSTS", "x") == "", f"{overlay}: HSTS only in prod")
    if overlay == "dev":
        c.check(shared.get("SEED_DEMO") == "true", "dev: SEED_DEMO must be true")


def check_scaling(c: Checker, overlay: str, docs) -> None:
    hpas = {d["spec"]["scaleTargetRef"]["name"]: d for d in docs if d["kind"] == "HorizontalPodAutoscaler"}
    for name in ("gateway", "catalog-svc"):
        c.check(
            name in hpas and hpas[name]["apiVersion"] == "autoscaling/v2",
            f"{overlay}: no autoscaling/v2 HorizontalPodAutoscaler for {name}",
        )
    pdb_selectors = [d["spec"]["selector"] for d in docs if d["kind"] == "PodDisruptionBudget"]
    for name in MTAANI:
        c.check(
            any(selects(s, {"app.kubernetes.io/name": name}) for s in pdb_selectors),
            f"{overlay}: no PodDisruptionBudget for {name}",
        )
    deployments = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Deployment"}
    for name in hpas:
        c.check(
            "replicas" not in deployments.get(name, {}).get("spec", {}),
            f"{overlay}: Deployment/{name} sets replicas although an HPA owns the count",
        )
    if overlay == "prod":
        for name in ("accounts-svc", "booking-svc", "messaging-svc", "web", "renderer"):
            c.check(deployments[name]["spec"].get("replicas", 1) >= 2, f"prod: {name} needs at least 2 replicas")
        for name in ("gateway", "catalog-svc"):
            c.check(hpas[name]["spec"].get("minReplicas", 1) >= 3, f"prod: {name} HPA needs minReplicas >= 3")
        for _, spec, _ in pods_of(docs):
            for ctr in spec["containers"]:
                c.check(not ctr["image"].endswith(":dev"), f"prod: {ctr['name']} runs a dev image")
    if overlay == "dev":
        sts = [d for d in docs if d["kind"] == "StatefulSet" and d["metadata"]["name"] == "postgres"]
        c.check(bool(sts) and bool(sts[0]["spec"].get("volumeClaimTemplates")), "dev: PostgreSQL StatefulSet with a volume claim")
        c.check("redis" in deployments, "dev: no Redis")


def check_ingress(c: Checker, overlay: str, docs) -> None:
    ns = [d for d in docs if d["kind"] == "Namespace"]
    c.check(
        len(ns) == 1
        and ns[0]["metadata"]["name"] == "mtaani"
        and ns[0]["metadata"].get("labels", {}).get("pod-security.kubernetes.io/enforce") == "restricted",
        f"{overlay}: Namespace mtaani with the restricted Pod Security Standard",
    )
    for d in docs:
        if d["kind"] != "Namespace":
            c.check(d["metadata"].get("namespace") == "mtaani", f"{overlay}: {d['kind']}/{d['metadata']['name']} not in mtaani")
    ingresses = [d for d in docs if d["kind"] == "Ingress"]
    c.check(len(ingresses) == 1, f"{overlay}: expected one Ingress")
    for ing in ingresses:
        backends = [
            p["backend"]["service"]
            for r in ing["spec"].get("rules", [])
            for p in r.get("http", {}).get("paths", [])
        ]
        c.check(backends and all(b["name"] == "web" for b in backends), f"{overlay}: the Ingress must lead to web only")
        c.check(bool(ing["spec"].get("tls")), f"{overlay}: the Ingress has no TLS section")
        body = ing["metadata"].get("annotations", {}).get("nginx.ingress.kubernetes.io/proxy-body-size")
        c.check(body == "24m", f"{overlay}: the Ingress must allow 24m bodies like nginx and the gateway")


def check_network(c: Checker, overlay: str, docs) -> None:
    policies = [d for d in docs if d["kind"] == "NetworkPolicy"]
    c.check(
        any(
            p["spec"].get("podSelector") == {}
            and set(p["spec"].get("policyTypes", [])) == {"Ingress", "Egress"}
            and not p["spec"].get("ingress")
            and not p["spec"].get("egress")
            for p in policies
        ),
        f"{overlay}: no default-deny NetworkPolicy (podSelector {{}}, Ingress and Egress, no rules)",
    )
    pods = {labels["app.kubernetes.io/name"]: (labels, spec) for _, spec, labels in pods_of(docs)}
    ports = {
        name: {p["containerPort"] for ctr in spec["containers"] for p in ctr.get("ports", [])}
        for name, (_, spec) in pods.items()
    }

    def rules(kind: str, labels: dict):
        for p in policies:
            if kind in p["spec"].get("policyTypes", []) and selects(p["spec"]["podSelector"], labels):
                yield from p["spec"].get(kind.lower(), []) or []

    def peer_is_pod(peer: dict, labels: dict) -> bool:
        return "namespaceSelector" not in peer and "ipBlock" not in peer and selects(peer.get("podSelector"), labels)

    def isolated(kind: str, labels: dict) -> bool:
        # A pod no policy of this type selects is not isolated: everything is allowed.
        return any(kind in p["spec"].get("policyTypes", []) and selects(p["spec"]["podSelector"], labels) for p in policies)

    def allowed(src: str, dst: str, port: int) -> bool:
        src_labels, dst_labels = pods[src][0], pods[dst][0]
        out = not isolated("Egress", src_labels) or any(
            port_ok(r.get("ports"), port) and any(peer_is_pod(peer, dst_labels) for peer in r.get("to", []))
            for r in rules("Egress", src_labels)
        )
        into = not isolated("Ingress", dst_labels) or any(
            port_ok(r.get("ports"), port) and any(peer_is_pod(peer, src_labels) for peer in r.get("from", []))
            for r in rules("Ingress", dst_labels)
        )
        return out and into

    expected = set(ALLOWED_ALWAYS) | (ALLOWED_IN_CLUSTER_DATA if overlay == "dev" else set())
    for src in pods:
        for dst in pods:
            for port in ports[dst]:
                want = (src, dst, port) in expected
                c.check(
                    allowed(src, dst, port) == want,
                    f"{overlay}: NetworkPolicies {'deny' if want else 'allow'} {src} -> {dst}:{port}",
                )
    for src, dst, port in expected:
        c.check(src in pods and dst in pods, f"{overlay}: expected pods {src} and {dst}")

    # Outside the namespace: DNS for everyone, the listed external ports, nothing else.
    external = defaultdict(set, {k: set(v) for k, v in EXTERNAL_ALWAYS.items()})
    if overlay == "prod":
        for k, v in EXTERNAL_MANAGED_DATA.items():
            external[k] |= v
    for name, (labels, _) in pods.items():
        got, dns = set(), False
        for r in rules("Egress", labels):
            for peer in r.get("to", []):
                if "ipBlock" in peer:
                    got |= {p.get("port") for p in r.get("ports") or [{"port": "any"}]}
                elif "namespaceSelector" in peer:
                    ns_name = (peer["namespaceSelector"].get("matchLabels") or {}).get("kubernetes.io/metadata.name")
                    rports = {p.get("port") for p in r.get("ports") or [{"port": "any"}]}
                    if ns_name == "kube-system" and rports == {53}:
                        dns = True
                    else:
                        got |= {("namespace", ns_name, p) for p in rports}
        c.check(dns, f"{overlay}: {name} cannot resolve names (DNS egress to kube-system:53)")
        c.check(got == external[name], f"{overlay}: {name} may reach outside {sorted(map(str, got))}, expected {sorted(external[name])}")
        sources = set()
        for r in rules("Ingress", labels):
            for peer in r.get("from", []):
                if "ipBlock" in peer or "namespaceSelector" in peer:
                    ns_name = (peer.get("namespaceSelector", {}).get("matchLabels") or {}).get("kubernetes.io/metadata.name")
                    sources |= {(ns_name or "ipBlock", p.get("port")) for p in r.get("ports") or [{"port": "any"}]}
        want = {(INGRESS_NAMESPACE, 8080)} if name == "web" else set()
        c.check(sources == want, f"{overlay}: {name} reachable from outside the namespace by {sorted(map(str, sources))}")


def main(argv: list[str]) -> int:
    c = Checker()
    for arg in argv:
        overlay, _, path = arg.partition("=")
        with open(path, encoding="utf-8") as f:
            docs = [d for d in yaml.safe_load_all(f) if d]
        check_workloads(c, overlay, docs)
        check_services(c, overlay, docs)
        check_config(c, overlay, docs)
        check_scaling(c, overlay, docs)
        check_ingress(c, overlay, docs)
        check_network(c, overlay, docs)
    for failure in c.failed:
        print(f"FAIL {failure}")
    print(f"manifests: {c.passed} passed, {len(c.failed)} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
