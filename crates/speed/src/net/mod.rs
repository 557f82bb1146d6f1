//! Networking for spe_ed: the online websocket client ([`client`]), a server speaking
//! the official protocol ([`server`]), and the clock functions both use ([`clock`]:
//! RFC 3339 timestamps, the `/spe_ed_time` endpoint, a small HTTP/1.1 GET), bounded
//! HTTP serving shared with the viewer ([`http`]), and games with external clients on a
//! loopback server ([`hosted`]).

pub mod client;
pub mod clock;
pub mod hosted;
pub mod http;
pub mod server;

use crate::golden::GoldenError;
use crate::protocol::ProtocolError;
use botspec::SpecError;

/// Everything that can go wrong on the network side.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// A URL that cannot be used.
    #[error("URL `{url}`: {message}")]
    Url {
        /// The URL.
        url: String,
        /// What is wrong with it.
        message: String,
    },
    /// A timestamp or time-endpoint answer that cannot be read.
    #[error("time: {0}")]
    Time(String),
    /// Connecting or the websocket handshake failed.
    #[error("cannot connect to `{url}`: {message}")]
    Connect {
        /// The URL.
        url: String,
        /// The reason (e.g. `HTTP 403 Forbidden: unknown key`).
        message: String,
    },
    /// A state message that does not follow the protocol.
    #[error("state message {index}: {source}")]
    Protocol {
        /// 1-based number of the message on this connection.
        index: u32,
        /// The parse error, naming the field.
        source: ProtocolError,
    },
    /// A message that is valid JSON but not what the protocol allows at this point.
    #[error("state message {index}: {message}")]
    Unexpected {
        /// 1-based number of the message on this connection.
        index: u32,
        /// What is wrong.
        message: String,
    },
    /// The connection broke.
    #[error("connection: {0}")]
    Connection(String),
    /// A socket or file error.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The error.
        source: std::io::Error,
    },
    /// A game log could not be written.
    #[error(transparent)]
    Log(#[from] GoldenError),
    /// A bot spec that cannot be built.
    #[error(transparent)]
    Spec(#[from] SpecError),
}
