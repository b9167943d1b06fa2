//! Password hashing with argon2id at OWASP's parameters (m = 19456 KiB, t = 2, p = 1), always off the
//! async runtime: one hash takes tens of milliseconds of CPU and 19 MiB of memory.
//!
//! At most one hash per core runs at a time; the others wait their turn. Hashing is CPU-bound, so
//! running more at once finishes none sooner, but each holds its 19 MiB meanwhile: 64 registrations
//! at once took accounts-svc to 677 MiB (the production-shape benchmark), past a pod's memory limit.

use std::sync::{
    LazyLock,
    atomic::{AtomicUsize, Ordering},
};

use argon2::{
    Algorithm, Argon2, Params, Version,
    password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng},
};
use tokio::sync::Semaphore;

fn argon2() -> Argon2<'static> {
    let params = Params::new(19_456, 2, 1, None).expect("OWASP argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// How many hashes may run at once: the cores this process may use.
pub fn concurrency() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

static TURNS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(concurrency()));
static RUNNING: AtomicUsize = AtomicUsize::new(0);
static MOST_AT_ONCE: AtomicUsize = AtomicUsize::new(0);

/// The most hashes that ever ran at the same time in this process (for tests).
pub fn most_at_once() -> usize {
    MOST_AT_ONCE.load(Ordering::Relaxed)
}

/// Runs one argon2 computation on a blocking thread when its turn comes.
async fn in_turn<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> anyhow::Result<T> {
    let turn = TURNS.acquire().await?;
    tokio::task::spawn_blocking(move || {
        // The turn ends with the hash, not with the request: a request given up (its client gone)
        // while its hash runs must not let another start beside it, or a burst of cancelled
        // sign-ups runs dozens of 19 MiB hashes at once.
        let _turn = turn;
        let now = RUNNING.fetch_add(1, Ordering::SeqCst) + 1;
        MOST_AT_ONCE.fetch_max(now, Ordering::Relaxed);
        let out = work();
        RUNNING.fetch_sub(1, Ordering::SeqCst);
        // The hash's 19 MiB go back to the system now, not when this thread next allocates.
        mtaani_runtime::process::trim_allocator();
        out
    })
    .await
    .map_err(Into::into)
}

/// The PHC string for `password`.
pub async fn hash(password: String) -> anyhow::Result<String> {
    in_turn(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon2()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
    })
    .await?
}

/// True when `password` matches the stored PHC string.
pub async fn verify(password: String, phc: String) -> anyhow::Result<bool> {
    in_turn(move || {
        let parsed = PasswordHash::new(&phc).map_err(|e| anyhow::anyhow!("stored hash unreadable: {e}"))?;
        Ok(argon2().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_are_argon2id_and_verify() {
        let phc = hash("correct horse".into()).await.unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify("correct horse".into(), phc.clone()).await.unwrap());
        assert!(!verify("wrong horse".into(), phc).await.unwrap());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn many_at_once_take_turns_one_per_core() {
        let mut all = tokio::task::JoinSet::new();
        for i in 0..16 {
            all.spawn(hash(format!("password {i}")));
        }
        while let Some(done) = all.join_next().await {
            assert!(done.unwrap().unwrap().starts_with("$argon2id$"));
        }
        assert!(most_at_once() >= 1);
        assert!(most_at_once() <= concurrency(), "{} at once on {} cores", most_at_once(), concurrency());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn requests_given_up_do_not_let_more_hashes_run_at_once() {
        // Clients gone mid-hash (a burst of sign-ups cut off): their hashes still finish, and the
        // ones queued behind them wait for those, not only for the requests.
        for round in 0..3 {
            let given_up: Vec<_> = (0..8).map(|i| tokio::spawn(hash(format!("gone {round} {i}")))).collect();
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            given_up.iter().for_each(tokio::task::JoinHandle::abort);
        }
        let mut all = tokio::task::JoinSet::new();
        for i in 0..8 {
            all.spawn(hash(format!("password {i}")));
        }
        while let Some(done) = all.join_next().await {
            assert!(done.unwrap().unwrap().starts_with("$argon2id$"));
        }
        assert!(most_at_once() <= concurrency(), "{} at once on {} cores", most_at_once(), concurrency());
    }
}
