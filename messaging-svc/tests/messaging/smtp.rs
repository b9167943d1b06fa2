//! A small SMTP receiver on loopback for the tests: it accepts every message and keeps it.

use std::sync::{Arc, Mutex};

use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
};

#[derive(Clone, Default)]
pub struct Inbox(pub Arc<Mutex<Vec<String>>>, Arc<std::sync::atomic::AtomicUsize>);

impl Inbox {
    pub fn messages(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }

    /// How many connections the receiver accepted.
    #[allow(dead_code)]
    pub fn connections(&self) -> usize {
        self.1.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// Listens on `listener` and stores each message's DATA.
pub fn spawn_smtp(listener: TcpListener) -> Inbox {
    let inbox = Inbox::default();
    let store = inbox.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            store.1.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let store = store.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 test.local ESMTP\r\n").await;
                while let Ok(Some(line)) = lines.next_line().await {
                    let upper = line.to_ascii_uppercase();
                    let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                        b"250-test.local\r\n250 8BITMIME\r\n"
                    } else if upper.starts_with("DATA") {
                        let _ = write.write_all(b"354 go ahead\r\n").await;
                        let mut data = String::new();
                        while let Ok(Some(l)) = lines.next_line().await {
                            if l == "." {
                                break;
                            }
                            data.push_str(&l);
                            data.push('\n');
                        }
                        store.0.lock().unwrap().push(data);
                        b"250 queued\r\n"
                    } else if upper.starts_with("QUIT") {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        break;
                    } else {
                        b"250 ok\r\n"
                    };
                    let _ = write.write_all(reply).await;
                }
            });
        }
    });
    inbox
}
