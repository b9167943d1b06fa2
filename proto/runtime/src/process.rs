//! The process around a service or the gateway: the allocator's settings, and the signals that stop
//! it.

/// Keeps the memory of what C libraries allocate (glibc's malloc; Rust's own allocations go to
/// mimalloc, below) close to what they use. glibc gives every thread that allocates its own
/// arena and raises its mmap threshold after large frees, so the 19 MiB of each argon2 hash and the
/// buffers of photo encoding stay resident long after use (hundreds of MB on an idle server). Two
/// arenas and a fixed threshold hand such blocks back to the system when they are freed.
///
/// mimalloc hands pages freed by a thread back to the system 100 ms after (its default is a second,
/// and a thread that goes quiet — a tokio worker once start-up is over, SQLite's — keeps them until
/// it wakes), so an idle process does not keep what its busy moments freed. It also never asks for
/// transparent huge pages (the `no_thp` feature, Cargo.toml): a huge page stays resident whole while
/// any of its 2 MiB is in use. Figures: docs/decisions/0002-mimalloc-in-every-binary.md.
pub fn tune_allocator() {
    // SAFETY: mi_option_set only changes an option of mimalloc's; any thread may call it.
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 100);
    }
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes allocator parameters; called once at start-up before other threads.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}

/// `mi_option_purge_delay` in mimalloc 3's `mi_option_e` (libmimalloc-sys names only some options);
/// the test below reads it back.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Hands memory freed after a large, short-lived structure (a rebuilt search index, an argon2 hash's
/// 19 MiB) back to the system instead of keeping the process at its peak. Call it on the thread
/// that freed the memory: mimalloc keeps freed pages per thread, and a blocking thread that goes
/// idle would otherwise hold them until it exits.
pub fn trim_allocator() {
    // SAFETY: mi_collect only returns free memory of mimalloc's heaps; any thread may call it.
    unsafe {
        libmimalloc_sys::mi_collect(true);
    }
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory at the top of glibc's heaps (what C libraries
    // allocated); any thread may call it.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM (Kubernetes, `make` stopping).
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// The allocator each binary declares (services, gateway, the all-in-one run, the benchmarks; a
/// library never does): mimalloc, with a cache of free blocks per thread. A request allocates
/// dozens of small blocks across the HTTP, gRPC and database layers, and with glibc's malloc and free
/// that is a quarter of the CPU under load (docs/decisions/0002-mimalloc-in-every-binary.md).
/// `#[global_allocator] static ALLOCATOR: Allocator = Allocator;` in main.rs, then
/// [`tune_allocator`] first thing in `main`.
pub use mimalloc::MiMalloc as Allocator;

#[cfg(test)]
mod tests {
    #[test]
    fn the_purge_delay_is_the_option_we_set() {
        super::tune_allocator();
        // SAFETY: reads an option.
        let delay = unsafe { libmimalloc_sys::mi_option_get(super::MI_OPTION_PURGE_DELAY) };
        assert_eq!(delay, 100);
        // The neighbours keep mimalloc's defaults: the index is not off by one.
        // SAFETY: reads options.
        let (before, after) = unsafe {
            (libmimalloc_sys::mi_option_get(super::MI_OPTION_PURGE_DELAY - 1), libmimalloc_sys::mi_option_get(16))
        };
        assert_ne!(before, 100);
        assert_ne!(after, 100);
    }
}
