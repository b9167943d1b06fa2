#!/usr/bin/env python3
"""Checks on the container images' recipes, without a Docker engine: each Dockerfile parses with
BuildKit's own parser (PyPI `dockerfile`), is multi-stage with a dependency layer of its own, pins
its base images, ends as a non-root user, and agrees with the rest of the repository (toolchain,
binaries, nginx placeholders, build context, the gateway's body limits).

Usage: check_images.py REPO_ROOT
Prints one line per failed check and a closing 'N passed, N failed' line; exits 1 on any failure.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

import dockerfile
import yaml

BINARIES = {  # image target -> (listen variable, port)
    "accounts-svc": ("ACCOUNTS_LISTEN", 50051),
    "catalog-svc": ("CATALOG_LISTEN", 50052),
    "booking-svc": ("BOOKING_LISTEN", 50053),
    "messaging-svc": ("MESSAGING_LISTEN", 50054),
    "gateway": ("GATEWAY_LISTEN", 8080),
}
IGNORED = ["target", "web/node_modules", "web/dist", "web/dist-server", "data", ".git"]


class Checker:
    def __init__(self) -> None:
        self.passed = 0
        self.failed: list[str] = []

    def check(self, condition: object, what: str) -> bool:
        if condition:
            self.passed += 1
        else:
            self.failed.append(what)
        return bool(condition)


class Stage:
    def __init__(self, base: str, name: str) -> None:
        self.base, self.name, self.commands = base, name, []

    def all(self, cmd: str):
        return [c for c in self.commands if c.cmd == cmd]


def stages_of(path: Path) -> tuple[dict[str, str], list[Stage]]:
    """Global ARG defaults and the stages, with ${ARG} in FROM lines expanded."""
    args: dict[str, str] = {}
    stages: list[Stage] = []
    for c in dockerfile.parse_file(str(path)):
        if c.cmd == "FROM":
            base = re.sub(r"\$\{(\w+)\}", lambda m: args.get(m.group(1), m.group(0)), c.value[0])
            name = c.value[2] if len(c.value) > 2 and c.value[1].upper() == "AS" else str(len(stages))
            stages.append(Stage(base, name))
        elif not stages and c.cmd == "ARG":
            key, _, default = c.value[0].partition("=")
            args[key] = default
        else:
            stages[-1].commands.append(c)
    return args, stages


def env_of(stage: Stage) -> dict[str, str]:
    env: dict[str, str] = {}
    for c in stage.all("ENV"):
        env.update(zip(c.value[0::2], c.value[1::2]))
    return env


def index_of(stage: Stage, predicate) -> int:
    return next((i for i, c in enumerate(stage.commands) if predicate(c)), -1)


INSTRUCTIONS = {
    "ADD", "ARG", "CMD", "COPY", "ENTRYPOINT", "ENV", "EXPOSE", "FROM", "HEALTHCHECK", "LABEL",
    "ONBUILD", "RUN", "SHELL", "STOPSIGNAL", "USER", "VOLUME", "WORKDIR",
}


def check_common(c: Checker, ref: str, stages: list[Stage], known: set[str]) -> None:
    c.check(len(stages) >= 2, f"{ref}: not a multi-stage build")
    for s in stages:
        for cmd in s.commands:
            c.check(cmd.cmd in INSTRUCTIONS, f"{ref}: line {cmd.start_line}: unknown instruction {cmd.cmd}")
    for s in stages:
        if s.base in known:
            continue
        image = s.base.rsplit("/", 1)[-1]
        c.check(":" in image and not image.endswith(":latest"), f"{ref}: base image {s.base} is not pinned to a tag")
    for s in stages:
        for cmd in s.all("ADD"):
            c.check(False, f"{ref}: stage {s.name} uses ADD ({cmd.original}); COPY says what it does")


def final_user(stages: list[Stage], by_name: dict[str, Stage], stage: Stage) -> str:
    users = stage.all("USER")
    if users:
        return users[-1].value[0]
    if stage.base in by_name:
        return final_user(stages, by_name, by_name[stage.base])
    # Not the base image's default, even a non-root one: the recipe says who runs it.
    return ""


def check_services(c: Checker, root: Path) -> None:
    path = root / "deploy/docker/services.Dockerfile"
    ref = path.relative_to(root).as_posix()
    args, stages = stages_of(path)
    by_name = {s.name: s for s in stages}
    check_common(c, ref, stages, set(by_name))

    channel = tomllib.loads((root / "rust-toolchain.toml").read_text())["toolchain"]["channel"]
    c.check(args.get("RUST_VERSION") == channel, f"{ref}: RUST_VERSION {args.get('RUST_VERSION')} is not rust-toolchain.toml's {channel}")

    builder = by_name.get("builder")
    if c.check(builder is not None, f"{ref}: no builder stage"):
        cook = index_of(builder, lambda x: x.cmd == "RUN" and "cargo chef cook" in x.value[0])
        first_source = index_of(builder, lambda x: x.cmd == "COPY" and x.value[0] in ("proto", "."))
        build = index_of(builder, lambda x: x.cmd == "RUN" and "cargo build" in x.value[0])
        c.check(0 <= cook < first_source, f"{ref}: dependencies are not cooked in a layer before the sources are copied")
        c.check(build > first_source, f"{ref}: no cargo build after the sources")
        if build >= 0:
            line = builder.commands[build].value[0]
            c.check("--release" in line and "--locked" in line, f"{ref}: the build is not --release --locked")
        if cook >= 0:
            c.check("--release" in builder.commands[cook].value[0], f"{ref}: dependencies cooked for another profile")

    runtime = by_name.get("runtime")
    if c.check(runtime is not None, f"{ref}: no runtime stage"):
        c.check(runtime.base.startswith("gcr.io/distroless/cc-debian12"), f"{ref}: runtime is not distroless/cc")
    workspace = tomllib.loads((root / "Cargo.toml").read_text())["workspace"]["members"]
    for crate in workspace:
        # The contract and the service runtime (libraries), and the all-in-one run of `make run` (no
        # image: Kubernetes runs the parts).
        if crate in ("proto", "proto/runtime", "gateway/all-in-one"):
            continue
        c.check(crate in by_name, f"{ref}: no image target for the workspace binary {crate}")
    for name, (listen, port) in BINARIES.items():
        s = by_name.get(name)
        if not c.check(s is not None, f"{ref}: no target {name}"):
            continue
        c.check(s.base == "runtime", f"{ref}: target {name} is not built on the runtime stage")
        entry = s.all("ENTRYPOINT")
        c.check(
            entry and entry[-1].json and list(entry[-1].value) == [f"/usr/local/bin/{name}"],
            f"{ref}: target {name} needs ENTRYPOINT [\"/usr/local/bin/{name}\"] in exec form",
        )
        c.check(env_of(s).get(listen) == f"0.0.0.0:{port}", f"{ref}: target {name} must set {listen}=0.0.0.0:{port}")
        c.check([str(port)] in [list(e.value) for e in s.all("EXPOSE")], f"{ref}: target {name} does not EXPOSE {port}")
        copies = s.all("COPY")
        c.check(
            any(f"--from=builder" in x.flags and x.value[0] == f"/out/{name}" for x in copies),
            f"{ref}: target {name} does not copy its binary from the builder",
        )
        user = final_user(stages, by_name, s)
        c.check(user not in ("", "0", "root") and not user.startswith(("0:", "root")), f"{ref}: target {name} has no non-root USER")


def check_web(c: Checker, root: Path) -> None:
    path = root / "deploy/docker/web.Dockerfile"
    ref = path.relative_to(root).as_posix()
    _, stages = stages_of(path)
    by_name = {s.name: s for s in stages}
    check_common(c, ref, stages, set(by_name))

    deps, build = by_name.get("deps"), by_name.get("build")
    if c.check(deps is not None and build is not None, f"{ref}: expected deps and build stages"):
        ci = index_of(deps, lambda x: x.cmd == "RUN" and "npm ci" in x.value[0])
        lock = index_of(deps, lambda x: x.cmd == "COPY" and "web/package-lock.json" in x.value)
        c.check(0 <= lock < ci, f"{ref}: npm ci must run on the lock file alone, before the sources")
        c.check(
            not any(x.cmd == "COPY" and x.value[0] == "web/" for x in deps.commands),
            f"{ref}: the dependency stage copies the sources",
        )
        c.check(build.base == "deps", f"{ref}: build stage does not start from the dependency layer")
        c.check(any(x.cmd == "RUN" and "npm run build" in x.value[0] for x in build.commands), f"{ref}: no npm run build")

    # The page renderer: Node, the bundled renderer and the two documents it fills, not root.
    renderer = by_name.get("renderer")
    if c.check(renderer is not None and renderer is not stages[-1], f"{ref}: no renderer stage before the web image"):
        c.check(renderer.base.startswith("node:") and renderer.base.endswith("-slim"), f"{ref}: renderer is not on node slim")
        copies = [x.value for x in renderer.all("COPY") if "--from=build" in x.flags]
        into = lambda target: {source for value in copies if value[-1] == target for source in value[:-1]}  # noqa: E731
        c.check(
            {"/web/dist-server/renderer.mjs", "/web/dist-server/app.en.mjs", "/web/dist-server/app.sw.mjs"} <= into("/app/"),
            f"{ref}: renderer does not get renderer.mjs and the app in each language (app.en.mjs, app.sw.mjs)",
        )
        c.check(
            {"/web/dist/index.html", "/web/dist/server-rendered.html"} <= into("/app/dist/")
            and {"/web/dist/sw/index.html", "/web/dist/sw/server-rendered.html"} <= into("/app/dist/sw/"),
            f"{ref}: renderer does not get index.html and server-rendered.html in each language",
        )
        renv = env_of(renderer)
        c.check(renv.get("RENDERER_LISTEN") == "0.0.0.0:8080" and renv.get("WEB_DIST") == "/app/dist", f"{ref}: renderer's listen address or documents")
        c.check(renv.get("NODE_ENV") == "production", f"{ref}: renderer not in production mode")
        ruser = final_user(stages, by_name, renderer)
        c.check(ruser not in ("", "0", "root"), f"{ref}: renderer has no non-root USER")
        c.check(renderer.all("HEALTHCHECK"), f"{ref}: renderer has no HEALTHCHECK")

    final = stages[-1]
    c.check(final.base.startswith("nginxinc/nginx-unprivileged:") and final.base.endswith("-alpine"), f"{ref}: final image is not nginx-unprivileged alpine")
    user = final_user(stages, by_name, final)
    c.check(user not in ("", "0", "root"), f"{ref}: final stage has no non-root USER")
    c.check(final.all("HEALTHCHECK"), f"{ref}: no HEALTHCHECK")
    copied = {(x.value[0], x.value[-1]) for x in final.all("COPY")}
    c.check(("deploy/nginx/nginx.conf", "/etc/nginx/nginx.conf") in copied, f"{ref}: does not install deploy/nginx/nginx.conf")
    c.check(
        ("deploy/nginx/mtaani.conf.template", "/etc/nginx/templates/mtaani.conf.template") in copied,
        f"{ref}: does not install mtaani.conf.template where the entrypoint renders it",
    )

    # Every placeholder has a default in the image, so the entrypoint never leaves one unfilled;
    # every setting Kubernetes passes is a placeholder that exists.
    template = (root / "deploy/nginx/mtaani.conf.template").read_text()
    body = "\n".join(line for line in template.splitlines() if not line.lstrip().startswith("#"))
    placeholders = set(re.findall(r"\$\{(MTAANI_\w+)\}", body))
    env = env_of(final)
    c.check(env.get("NGINX_ENVSUBST_FILTER") == "^MTAANI_", f"{ref}: envsubst must touch only MTAANI_* names")
    for p in sorted(placeholders):
        c.check(p in env, f"{ref}: no default for the nginx placeholder {p}")
    c.check(not re.search(r"\$\{(?!MTAANI_)\w+\}", body), "mtaani.conf.template: a ${…} that is not MTAANI_* would be left to nginx")
    kustomization = yaml.safe_load((root / "deploy/k8s/base/kustomization.yaml").read_text())
    web_config = next((g for g in kustomization.get("configMapGenerator", []) if g["name"] == "web"), {"literals": []})
    for literal in web_config["literals"]:
        key = literal.split("=", 1)[0]
        c.check(key in placeholders, f"deploy/k8s/base: web ConfigMap sets {key}, which mtaani.conf.template does not use")


def size_of(text: str) -> int:
    """nginx's size syntax: 64k, 24m, or bytes."""
    units = {"k": 1024, "m": 1024 * 1024, "g": 1024**3}
    text = text.strip().lower()
    return int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text)


def check_body_limits(c: Checker, root: Path) -> None:
    """nginx refuses exactly what the gateway refuses: otherwise the gateway cuts an upload short and
    nginx can only answer with a broken connection."""
    lib = (root / "gateway/src/lib.rs").read_text()
    consts = {
        name: eval(expr.replace("_", ""), {"__builtins__": {}})  # e.g. 24 * 1024 * 1024
        for name, expr in re.findall(r"pub const (MAX_BODY|SMALL_BODY|PHOTO_BODY): usize = ([0-9_ *]+);", lib)
    }
    if not c.check(
        set(consts) == {"MAX_BODY", "SMALL_BODY", "PHOTO_BODY"}, "gateway/src/lib.rs: MAX_BODY, SMALL_BODY and PHOTO_BODY not found"
    ):
        return
    template = (root / "deploy/nginx/mtaani.conf.template").read_text()
    limits = {
        loc.strip(): size_of(size)
        for loc, size in re.findall(r"location ([^{\n]+)\{[^}]*?client_max_body_size (\w+);", template)
    }
    want = {
        "/api/": consts["SMALL_BODY"],
        "= /api/services": consts["MAX_BODY"],
        "/api/service/": consts["MAX_BODY"],
        # A team member with their photo.
        "/api/account/team": consts["PHOTO_BODY"],
    }
    for loc, size in want.items():
        c.check(limits.get(loc) == size, f"mtaani.conf.template: location {loc} body limit {limits.get(loc)} != gateway's {size}")
    # Each route is registered by its handlers (`.routes(routes!(a, b).layer(…MAX_BODY…))`), whose
    # path is the one their `#[utoipa::path(…, path = "…")]` names.
    routes = (root / "gateway/src/routes/listings.rs").read_text()
    paths = dict(
        (handler, path)
        for path, handler in re.findall(r'#\[utoipa::path\(.*?path = "([^"]+)".*?\)\]\s*(?:pub(?:\([^)]*\))? )?async fn (\w+)', routes, re.S)
    )
    big = sorted(
        {
            paths.get(handlers.split(",")[0].strip(), f"? {handlers}")
            for handlers, rest in re.findall(r"\.routes\(routes!\(([^)]*)\)([^\n]*)", routes)
            if "MAX_BODY" in rest
        }
    )
    c.check(
        sorted(big) == ["/api/service/{id}", "/api/services"],
        f"gateway routes with MAX_BODY are {sorted(big)}; nginx allows 24m on /api/services and /api/service/ only",
    )


def check_context(c: Checker, root: Path) -> None:
    ignore = root / ".dockerignore"
    if not c.check(ignore.is_file(), ".dockerignore is missing"):
        return
    entries = [line.strip().rstrip("/") for line in ignore.read_text().splitlines() if line.strip() and not line.startswith("#")]
    for entry in IGNORED:
        c.check(entry in entries, f".dockerignore does not keep {entry} out of the build context")
    for name in ("services.Dockerfile", "web.Dockerfile"):
        for cmd in dockerfile.parse_file(str(root / "deploy/docker" / name)):
            if cmd.cmd != "COPY" or any(f.startswith("--from") for f in cmd.flags):
                continue
            for src in cmd.value[:-1]:
                src = src.rstrip("/")
                c.check((root / src).exists(), f"deploy/docker/{name}: COPY {src}: no such path")
                c.check(
                    not any(src == e or src.startswith(e + "/") for e in entries),
                    f"deploy/docker/{name}: COPY {src} is excluded by .dockerignore",
                )


def main(argv: list[str]) -> int:
    root = Path(argv[0] if argv else ".").resolve()
    c = Checker()
    for check in (check_services, check_web, check_body_limits, check_context):
        try:
            check(c, root)
        except (dockerfile.GoParseError, OSError, KeyError, json.JSONDecodeError) as e:
            c.check(False, f"{check.__name__}: {e}")
    for failure in c.failed:
        print(f"FAIL {failure}")
    print(f"images: {c.passed} passed, {len(c.failed)} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
