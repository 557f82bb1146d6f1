//! Bounded HTTP serving for the spe_ed server and the viewer ([`serve`]): a cap on open
//! connections and time limits for the request head and for each request, so idle or
//! half-sent connections cannot pile up and lock real clients out.
//!
//! Semantics (see `docs/limits.md`): at most [`Limits::max_connections`] sockets are open
//! at once, websocket connections included for their whole life; beyond that new
//! connections wait in the kernel's accept queue and are served as soon as a socket
//! closes. A connection must deliver a complete request head within
//! [`Limits::handshake_timeout`] (also between keep-alive requests), else it is closed; a
//! request (body and handler) must finish within [`Limits::request_timeout`], else it
//! gets `408 Request Timeout`. An upgraded websocket is not limited in time.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::IntoResponse;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Connection limits of [`serve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most sockets open at once (websockets included).
    pub max_connections: usize,
    /// Time a connection has to send a complete request head (the spec's server: 3 s).
    pub handshake_timeout: Duration,
    /// Time a request has for its body and its answer.
    pub request_timeout: Duration,
}

/// Default of [`Limits::max_connections`].
pub const MAX_CONNECTIONS: usize = 256;
/// Default of [`Limits::handshake_timeout`] (the official server's handshake time-out).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(3);
/// Default of [`Limits::request_timeout`].
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: MAX_CONNECTIONS,
            handshake_timeout: HANDSHAKE_TIMEOUT,
            request_timeout: REQUEST_TIMEOUT,
        }
    }
}

/// A socket that holds one connection slot until it is dropped (also after a websocket
/// upgrade, which keeps the socket).
struct Counted {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Serves `app` on `listener` (HTTP/1.1 with websocket upgrades) within `limits`, until
/// the future is dropped. Only a failing listener ends it with an error.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits) -> io::Result<()> {
    let request_timeout = limits.request_timeout;
    let app = app.layer(axum::middleware::from_fn(
        move |req: Request, next: Next| async move {
            match tokio::time::timeout(request_timeout, next.run(req)).await {
                Ok(response) => response,
                Err(_) => (StatusCode::REQUEST_TIMEOUT, "request timed out").into_response(),
            }
        },
    ));
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return Ok(()); // the semaphore is never closed
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) if is_connection_error(&e) => continue,
            Err(e) => {
                // Out of descriptors or similar: wait for sockets to close, then retry.
                tracing::error!("accepting a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let io = TokioIo::new(Counted {
            stream,
            _slot: slot,
        });
        let service = TowerToHyperService::new(app.clone());
        let timeout = limits.handshake_timeout;
        tokio::spawn(async move {
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(timeout)
                .serve_connection(io, service)
                .with_upgrades();
            if let Err(e) = conn.await {
                tracing::debug!("connection: {e}");
            }
        });
    }
}

fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}
