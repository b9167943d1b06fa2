//! The e-mails and SMS of the embedded run, which messaging-svc writes as files (`.eml`, `.txt`),
//! read as their recipients get them.

use std::{
    path::{Path, PathBuf},
    time::Duration,
};

use mtaani_runtime::testing::eventually;

/// How long a message may take through the outboxes before a test gives up on it.
const DELIVERY: Duration = Duration::from_secs(15);

/// The files named `*.ext` in `dir`; none when `dir` is not there yet.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == ext)).collect())
        .unwrap_or_default()
}

/// The e-mails in one folder.
#[derive(Debug, Clone)]
pub struct Mailbox {
    dir: PathBuf,
}

impl Mailbox {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The e-mail in `path` as its recipient reads it: quoted-printable soft breaks and `=3D` undone,
    /// folded header lines joined. None while it is being written (no blank line after the headers).
    pub fn read(path: &Path) -> Option<String> {
        let raw = std::fs::read_to_string(path).ok()?;
        if !raw.contains("\n\n") && !raw.contains("\r\n\r\n") {
            return None;
        }
        Some(raw.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=").replace("\r\n ", " ").replace("\n ", " "))
    }

    /// Every e-mail written so far, with its file.
    pub fn files(&self) -> Vec<(PathBuf, String)> {
        files(&self.dir, "eml").into_iter().filter_map(|p| Some((p.clone(), Self::read(&p)?))).collect()
    }

    /// Every e-mail written so far.
    pub fn all(&self) -> Vec<String> {
        self.files().into_iter().map(|(_, mail)| mail).collect()
    }

    /// The e-mails (to `to` when given: on their `To:` line) holding every one of `needles`.
    fn matching(&self, to: Option<&str>, needles: &[&str]) -> Vec<String> {
        self.all()
            .into_iter()
            .filter(|mail| to.is_none_or(|to| addressed_to(mail, to)))
            .filter(|mail| needles.iter().all(|n| mail.contains(n)))
            .collect()
    }

    /// How many e-mails so far hold every one of `needles`.
    pub fn count(&self, needles: &[&str]) -> usize {
        self.matching(None, needles).len()
    }

    /// How many e-mails to `to` so far hold every one of `needles`.
    pub fn count_to(&self, to: &str, needles: &[&str]) -> usize {
        self.matching(Some(to), needles).len()
    }

    /// The first e-mail holding every one of `needles`, waiting for the outboxes to deliver it.
    pub async fn wait_for(&self, needles: &[&str]) -> String {
        let what = format!("an e-mail with {needles:?} in {}", self.dir.display());
        eventually(&what, DELIVERY, async || self.matching(None, needles).into_iter().next()).await
    }

    /// The first e-mail to `to` holding every one of `needles`, waiting for the outboxes to deliver it.
    pub async fn wait_for_to(&self, to: &str, needles: &[&str]) -> String {
        let what = format!("an e-mail to {to} with {needles:?} in {}", self.dir.display());
        eventually(&what, DELIVERY, async || self.matching(Some(to), needles).into_iter().next()).await
    }

    /// The text after `marker` (a link's token) in the first e-mail that has it, waiting for it.
    pub async fn link(&self, marker: &str) -> String {
        let mail = self.wait_for(&[marker]).await;
        let rest = &mail[mail.find(marker).unwrap() + marker.len()..];
        rest.chars().take_while(|c| c.is_ascii_alphanumeric() || "-_.".contains(*c)).collect()
    }
}

/// Whether `mail`'s `To:` line names `to`.
fn addressed_to(mail: &str, to: &str) -> bool {
    mail.lines().any(|l| l.strip_prefix("To: ").is_some_and(|line| line.contains(to)))
}

/// The SMS in one folder, each as (recipient, text).
#[derive(Debug, Clone)]
pub struct SmsBox {
    dir: PathBuf,
}

impl SmsBox {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The SMS in `path` as (recipient, text); None while it is being written.
    pub fn read(path: &Path) -> Option<(String, String)> {
        let raw = std::fs::read_to_string(path).ok()?;
        let (head, text) = raw.split_once("\n\n")?;
        Some((head.strip_prefix("To: ")?.trim().to_owned(), text.trim_end().to_owned()))
    }

    /// Every SMS written so far, with its file.
    pub fn files(&self) -> Vec<(PathBuf, (String, String))> {
        files(&self.dir, "txt").into_iter().filter_map(|p| Some((p.clone(), Self::read(&p)?))).collect()
    }

    /// The SMS so far (only those to `to` when given), waiting until there are `n`.
    pub async fn wait_for(&self, to: Option<&str>, n: usize) -> Vec<(String, String)> {
        let what = format!("{n} SMS{} in {}", to.map(|to| format!(" to {to}")).unwrap_or_default(), self.dir.display());
        eventually(&what, DELIVERY, async || {
            let texts: Vec<(String, String)> = self
                .files()
                .into_iter()
                .map(|(_, sms)| sms)
                .filter(|(recipient, _)| to.is_none_or(|to| recipient == to))
                .collect();
            if texts.len() >= n { Ok(texts) } else { Err(format!("{} so far", texts.len())) }
        })
        .await
    }

    /// The texts of the SMS to `to`, waiting until there are `n`.
    pub async fn texts_to(&self, to: &str, n: usize) -> Vec<String> {
        self.wait_for(Some(to), n).await.into_iter().map(|(_, text)| text).collect()
    }
}
