//! The page renderer beside the all-in-one run: `node web/dist-server/renderer.mjs` (web/src/server),
//! started on a free loopback port, asked by the gateway for the pages' documents, and started again
//! if it stops. Without Node or a built renderer the run goes on, every page rendered in the browser.

use std::{net::SocketAddr, path::PathBuf, process::Stdio, time::Duration};

use anyhow::Context;
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, ChildStdin, Command},
};

/// How long the renderer may take to start listening.
const START_TIMEOUT: Duration = Duration::from_secs(20);
/// The pause before a renderer that stopped is started again.
const RESTART_AFTER: Duration = Duration::from_secs(1);

/// What starting the renderer needs.
#[derive(Debug, Clone)]
pub struct Launch {
    /// `NODE` (default `node`).
    node: String,
    /// `RENDERER_SCRIPT` (default `dist-server/renderer.mjs` beside the web app's `dist`).
    script: PathBuf,
    dist: PathBuf,
    /// The gateway's origin, which the renderer calls.
    gateway: String,
    /// `RENDERER_LISTEN`, else a free loopback port: where it listens, kept across restarts.
    listen: SocketAddr,
}

impl Launch {
    /// The renderer for the web app in `dist`, calling the gateway at `gateway`; None (with a warning)
    /// when it is not built.
    pub fn new(dist: &std::path::Path, gateway: SocketAddr) -> anyhow::Result<Option<Self>> {
        let script = mtaani_runtime::config::var("RENDERER_SCRIPT")
            .map_or_else(|| dist.parent().unwrap_or(dist).join("dist-server/renderer.mjs"), PathBuf::from);
        if !script.is_file() {
            tracing::warn!(script = %script.display(), "no page renderer is built: pages render in the browser (make build)");
            return Ok(None);
        }
        // RENDERER_LISTEN (nginx in front needs to know it), else a free port now; the same one for
        // every restart.
        let listen = match mtaani_runtime::config::socket_addr_or("RENDERER_LISTEN", ([127, 0, 0, 1], 0).into())? {
            addr if addr.port() != 0 => addr,
            addr => std::net::TcpListener::bind(addr)
                .and_then(|listener| listener.local_addr())
                .context("no free loopback port for the page renderer")?,
        };
        let gateway = if gateway.ip().is_unspecified() {
            format!("http://127.0.0.1:{}", gateway.port())
        } else {
            format!("http://{gateway}")
        };
        Ok(Some(Self {
            node: mtaani_runtime::config::var("NODE").unwrap_or_else(|| "node".into()),
            script,
            dist: dist.to_path_buf(),
            gateway,
            listen,
        }))
    }

    /// The origin the gateway asks for documents.
    pub fn origin(&self) -> String {
        format!("http://{}", self.listen)
    }

    /// Starts the renderer and waits until it listens. Its standard input stays open as long as the
    /// handle returned with it.
    async fn start(&self) -> anyhow::Result<(Child, ChildStdin)> {
        let mut child = Command::new(&self.node)
            .arg(&self.script)
            .env("RENDERER_LISTEN", self.listen.to_string())
            .env("GATEWAY_URL", &self.gateway)
            .env("WEB_DIST", &self.dist)
            // Its standard input is this process: when this process ends, however it ends, so does it.
            .env("RENDERER_EXIT_WITH_STDIN", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            // Ctrl-C in a terminal reaches this process only, which then stops the renderer itself.
            .process_group(0)
            .spawn()
            .with_context(|| format!("cannot start {} {}", self.node, self.script.display()))?;
        // Kept apart: Child::wait closes the one it holds.
        let stdin = child.stdin.take().context("the renderer's standard input")?;
        let stdout = child.stdout.take().context("the renderer's standard output")?;
        let mut lines = BufReader::new(stdout).lines();
        let first = tokio::time::timeout(START_TIMEOUT, lines.next_line())
            .await
            .context("the page renderer did not start in time")??
            .context("the page renderer stopped while starting")?;
        anyhow::ensure!(first.contains(&self.origin()), "the page renderer said {first:?}");
        // Anything else it prints goes to this log.
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                tracing::info!(target: "renderer", "{line}");
            }
        });
        Ok((child, stdin))
    }

    /// Starts the renderer and keeps it running (started again whenever it stops) until the returned
    /// task is dropped or aborted; None when it cannot start at all.
    pub async fn run(self) -> Option<tokio::task::JoinHandle<()>> {
        let first = match self.start().await {
            Ok(child) => child,
            Err(error) => {
                tracing::warn!("{error:#}: pages render in the browser");
                return None;
            }
        };
        tracing::info!(url = %self.origin(), "page renderer started");
        Some(tokio::spawn(async move {
            let (mut child, mut _stdin) = first;
            loop {
                let status = child.wait().await;
                tracing::warn!(?status, "the page renderer stopped; starting it again");
                loop {
                    tokio::time::sleep(RESTART_AFTER).await;
                    match self.start().await {
                        Ok(started) => {
                            (child, _stdin) = started;
                            break;
                        }
                        Err(error) => tracing::warn!("{error:#}"),
                    }
                }
            }
        }))
    }
}
