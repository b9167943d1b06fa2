"""An SMTP receiver with TLS for deploy/local/tls.sh: aiosmtpd (PyPI) on two loopback ports, one with
implicit TLS (smtps://, as on port 465) and one that requires STARTTLS (as on port 587), both with the
test's certificate. Every message received is written to OUT_DIR as <n>.eml.

Usage: smtp_server.py CERT KEY IMPLICIT_PORT STARTTLS_PORT OUT_DIR
"""

import asyncio
import itertools
import pathlib
import ssl
import sys

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP


class Keep:
    """Writes each message's envelope and content to a file of its own."""

    def __init__(self, out: pathlib.Path, label: str):
        self.out = out
        self.label = label
        self.counter = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's hook name)
        n = next(self.counter)
        body = envelope.original_content or envelope.content
        path = self.out / f"{self.label}-{n}.eml"
        tmp = path.with_suffix(".part")
        tmp.write_bytes(b"X-Envelope-To: " + ",".join(envelope.rcpt_tos).encode() + b"\r\n" + body)
        tmp.rename(path)
        return "250 Message accepted for delivery"


class StartTlsController(Controller):
    """A controller whose SMTP sessions must say STARTTLS before anything else is accepted."""

    def __init__(self, handler, context, **kwargs):
        self.context = context
        super().__init__(handler, **kwargs)

    def factory(self):
        return SMTP(self.handler, tls_context=self.context, require_starttls=True, hostname="localhost")


def main() -> None:
    cert, key, implicit_port, starttls_port, out = sys.argv[1:6]
    out_dir = pathlib.Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    implicit = Controller(
        Keep(out_dir, "implicit"),
        hostname="127.0.0.1",
        port=int(implicit_port),
        ssl_context=context,
        server_hostname="localhost",
    )
    starttls = StartTlsController(Keep(out_dir, "starttls"), context, hostname="127.0.0.1", port=int(starttls_port))
    implicit.start()
    starttls.start()
    print("ready", flush=True)
    try:
        asyncio.run(asyncio.Event().wait())
    finally:
        implicit.stop()
        starttls.stop()


if __name__ == "__main__":
    main()
