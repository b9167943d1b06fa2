//! The process around a service or the gateway: the allocator's settings, and the signals that stop
//! it.

/// Keeps the memory of what C libraries allocate (glibc's malloc; Rust's own allocations go to
/// mimalloc, below) close to what they use. glibc gives every thread that allocates its own
/// arena and raises its mmap threshold after large frees, so the 19 MiB of each argon2 hash and the
/// buffers of photo encoding stay resident long after use (hundreds of MB on an idle server). Two
/// arenas and a fixed threshold hand such blocks back to the system when they are freed.
pub fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes allocator parameters; called once at start-up before other threads.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}

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

/// The allocator of every binary that links the runtime (services, gateway, the all-in-one run):
/// mimalloc, with a cache of free blocks per thread. Under load the services and the gateway spent
/// a quarter of their CPU in glibc's malloc and free (perf, 25 Nov: a request allocates dozens of
/// small blocks across the HTTP, gRPC and database layers).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
