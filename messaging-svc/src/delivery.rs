//! What the e-mail and SMS senders share: how a delivery fails, and how a pass stops.
//!
//! A pass stops at the first temporary failure (the transport is probably away, so the rest wait
//! untried) and goes on past a permanent one.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    /// Retrying cannot help (a malformed address).
    #[error("permanent: {0}")]
    Permanent(String),
    #[error("temporary: {0}")]
    Temporary(String),
}

/// Where a message written as a file went, or the temporary failure of writing it.
pub fn written(file: std::io::Result<PathBuf>) -> Result<String, DeliveryError> {
    file.map(|path| path.display().to_string()).map_err(|e| DeliveryError::Temporary(e.to_string()))
}

fn is_temporary(delivered: &Result<String, DeliveryError>) -> bool {
    matches!(delivered, Err(DeliveryError::Temporary(_)))
}

/// Deliveries in order up to, and with, the first temporary failure: the transport is probably away
/// and the rest wait, untried.
pub fn until_temporary(
    delivered: impl IntoIterator<Item = Result<String, DeliveryError>>,
) -> Vec<Result<String, DeliveryError>> {
    let mut done = Vec::new();
    for d in delivered {
        let stop = is_temporary(&d);
        done.push(d);
        if stop {
            break;
        }
    }
    done
}

/// Sends `all` one after another with `send`, up to and with the first temporary failure.
pub async fn one_by_one<'a, T, Fut>(all: &'a [T], send: impl Fn(&'a T) -> Fut) -> Vec<Result<String, DeliveryError>>
where
    Fut: std::future::Future<Output = Result<String, DeliveryError>>,
{
    let mut done = Vec::with_capacity(all.len());
    for item in all {
        let d = send(item).await;
        let stop = is_temporary(&d);
        done.push(d);
        if stop {
            break;
        }
    }
    done
}

/// Writes each of `files` (name, bytes) as `dir/name`, whole or not at all (written as `name.part`,
/// then renamed), all in one trip to the blocking pool (a trip per file would cost the sender as much as
/// rendering the e-mail); answers each file's path or why it was not written.
pub async fn drop_all(dir: &std::path::Path, files: Vec<(String, Vec<u8>)>) -> Vec<std::io::Result<PathBuf>> {
    let n = files.len();
    let dir = dir.to_owned();
    let written = tokio::task::spawn_blocking(move || {
        if let Err(e) = std::fs::create_dir_all(&dir) {
            return files.iter().map(|_| Err(std::io::Error::new(e.kind(), e.to_string()))).collect();
        }
        let write = |name: String, bytes: Vec<u8>| {
            let path = dir.join(&name);
            let part = dir.join(format!("{name}.part"));
            std::fs::write(&part, bytes)?;
            std::fs::rename(&part, &path)?;
            Ok(path)
        };
        files.into_iter().map(|(name, bytes)| write(name, bytes)).collect()
    })
    .await;
    written.unwrap_or_else(|e| (0..n).map(|_| Err(std::io::Error::other(e.to_string()))).collect())
}

#[cfg(test)]
mod tests {
    use super::{DeliveryError, one_by_one, until_temporary};

    #[tokio::test]
    async fn a_pass_stops_at_the_first_temporary_failure_and_not_at_a_permanent_one() {
        let tried = std::sync::Mutex::new(Vec::new());
        let said = ["ok", "bad address", "away", "ok"];
        let results = one_by_one(&said, |s| {
            tried.lock().unwrap().push(*s);
            async move {
                match *s {
                    "ok" => Ok("sent".to_owned()),
                    "away" => Err(DeliveryError::Temporary((*s).to_owned())),
                    _ => Err(DeliveryError::Permanent((*s).to_owned())),
                }
            }
        })
        .await;
        assert_eq!(*tried.lock().unwrap(), ["ok", "bad address", "away"], "the fourth waits, untried");
        let shape = |r: &[Result<String, DeliveryError>]| -> Vec<&'static str> {
            r.iter()
                .map(|d| match d {
                    Ok(_) => "ok",
                    Err(DeliveryError::Permanent(_)) => "permanent",
                    Err(DeliveryError::Temporary(_)) => "temporary",
                })
                .collect()
        };
        assert_eq!(shape(&results), ["ok", "permanent", "temporary"]);
        let written = until_temporary([
            Ok("a".to_owned()),
            Err(DeliveryError::Temporary("disk full".into())),
            Ok("b".to_owned()),
        ]);
        assert_eq!(shape(&written), ["ok", "temporary"]);
    }
}
