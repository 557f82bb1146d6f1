//! Wall-clock functions: RFC 3339 UTC timestamps (whole seconds, as the server writes
//! them), the `/spe_ed_time` body (§8.2), and the client's clock-offset estimate via a
//! minimal HTTP/1.1 GET over a tokio `TcpStream` (`http://`, or `https://` through rustls).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::Value;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::http::Uri;

use super::NetError;

/// Milliseconds since the Unix epoch (UTC), signed.
pub type UnixMillis = i64;

/// The current wall-clock time in Unix milliseconds.
pub fn now_millis() -> UnixMillis {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_millis() as i64,
        Err(e) => -(e.duration().as_millis() as i64),
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if m <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        m,
        d,
    )
}

/// Formats a time as the server does: RFC 3339 UTC, fraction truncated
/// (`2020-10-01T12:05:13Z`).
pub fn format_rfc3339(t: UnixMillis) -> String {
    let secs = t.div_euclid(1000);
    let (days, sod) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        sod / 3600,
        sod / 60 % 60,
        sod % 60
    )
}

/// Parses an RFC 3339 timestamp (`YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`).
pub fn parse_rfc3339(s: &str) -> Result<UnixMillis, NetError> {
    let bad = || NetError::Time(format!("`{s}` is not an RFC 3339 timestamp"));
    let b = s.as_bytes();
    if !s.is_ascii()
        || b.len() < 20
        || b[4] != b'-'
        || b[7] != b'-'
        || !matches!(b[10], b'T' | b't' | b' ')
        || b[13] != b':'
        || b[16] != b':'
    {
        return Err(bad());
    }
    let num = |from: usize, to: usize| -> Result<i64, NetError> {
        let part = &s[from..to];
        if part.bytes().all(|c| c.is_ascii_digit()) {
            part.parse().map_err(|_| bad())
        } else {
            Err(bad())
        }
    };
    let (y, mo, d) = (num(0, 4)?, num(5, 7)?, num(8, 10)?);
    let (h, mi, sec) = (num(11, 13)?, num(14, 16)?, num(17, 19)?);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || sec > 60 {
        return Err(bad());
    }
    let mut i = 19;
    let mut millis = 0;
    if b[i] == b'.' {
        let start = i + 1;
        i = start;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return Err(bad());
        }
        let frac = &s[start..i.min(start + 3)];
        millis = frac.parse::<i64>().map_err(|_| bad())? * 10_i64.pow(3 - frac.len() as u32);
    }
    let offset_secs = match &s[i..] {
        "Z" | "z" => 0,
        tz if tz.len() == 6 && (tz.starts_with('+') || tz.starts_with('-')) && &tz[3..4] == ":" => {
            let oh = num(i + 1, i + 3)?;
            let om = num(i + 4, i + 6)?;
            if oh > 23 || om > 59 {
                return Err(bad());
            }
            let sign = if tz.starts_with('-') { -1 } else { 1 };
            sign * (oh * 3600 + om * 60)
        }
        _ => return Err(bad()),
    };
    let secs = days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + sec - offset_secs;
    Ok(secs * 1000 + millis)
}

/// The body of the time endpoint: `{"time":"…Z","milliseconds":190}`.
pub fn time_body(t: UnixMillis) -> String {
    format!(
        "{{\"time\":\"{}\",\"milliseconds\":{}}}",
        format_rfc3339(t),
        t.rem_euclid(1000)
    )
}

/// Parses a time-endpoint body into Unix milliseconds.
pub fn parse_time_body(body: &str) -> Result<UnixMillis, NetError> {
    let v: Value = serde_json::from_str(body.trim())
        .map_err(|e| NetError::Time(format!("time endpoint: invalid JSON: {e}")))?;
    let time = v
        .get("time")
        .and_then(Value::as_str)
        .ok_or_else(|| NetError::Time("time endpoint: missing string field `time`".into()))?;
    let ms = match v.get("milliseconds") {
        None => 0,
        Some(m) => m
            .as_i64()
            .filter(|m| (0..1000).contains(m))
            .ok_or_else(|| {
                NetError::Time("time endpoint: field `milliseconds`: expected 0..=999".into())
            })?,
    };
    Ok(parse_rfc3339(time)? + ms)
}

/// The time endpoint belonging to a websocket URL (§11.12): scheme `ws`→`http`,
/// `wss`→`https`, `_time` appended to the path, query dropped.
pub fn derive_time_url(ws_url: &str) -> Result<String, NetError> {
    let err = |m: &str| NetError::Url {
        url: ws_url.to_owned(),
        message: m.to_owned(),
    };
    let uri: Uri = ws_url.parse().map_err(|_| err("not a URL"))?;
    let scheme = match uri.scheme_str() {
        Some("ws" | "http") => "http",
        Some("wss" | "https") => "https",
        _ => return Err(err("expected a ws:// or wss:// URL")),
    };
    let authority = uri.authority().ok_or_else(|| err("no host"))?;
    Ok(format!("{scheme}://{authority}{}_time", uri.path()))
}

/// Fetches the server time with an HTTP/1.1 GET (`http://` or `https://`) and returns the
/// clock offset `server − local` in milliseconds, using the midpoint of the request as the
/// local time. Fails after `timeout`.
pub async fn clock_offset(time_url: &str, timeout: Duration) -> Result<i64, NetError> {
    let before = now_millis();
    let body = tokio::time::timeout(timeout, http_get(time_url))
        .await
        .map_err(|_| NetError::Time(format!("`{time_url}`: no answer within {timeout:?}")))??;
    let after = now_millis();
    let server = parse_time_body(&body)?;
    Ok(server - (before + (after - before) / 2))
}

/// Makes ring the process-wide TLS crypto provider (once; later calls are no-ops).
pub(crate) fn init_tls() {
    // An error only means a provider is installed already, which is what we want.
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// A minimal HTTP/1.1 GET (http:// or https://) returning the body of a `200` answer.
async fn http_get(url: &str) -> Result<String, NetError> {
    let err = |m: String| NetError::Url {
        url: url.to_owned(),
        message: m,
    };
    let uri: Uri = url.parse().map_err(|_| err("not a URL".into()))?;
    let tls = match uri.scheme_str() {
        Some("http") => false,
        Some("https") => true,
        _ => return Err(err("expected an http:// or https:// time endpoint".into())),
    };
    let host = uri.host().ok_or_else(|| err("no host".into()))?;
    let port = uri.port_u16().unwrap_or(if tls { 443 } else { 80 });
    let path = uri.path_and_query().map_or("/", |p| p.as_str());
    let io = |context: &str| {
        let context = format!("{context} {url}");
        move |source| NetError::Io { context, source }
    };
    let stream = TcpStream::connect((host, port))
        .await
        .map_err(io("connecting to"))?;
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n");
    let raw = if tls {
        init_tls();
        let mut roots = rustls::RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        let config = rustls::ClientConfig::builder()
            .with_root_certificates(roots)
            .with_no_client_auth();
        let name = rustls::pki_types::ServerName::try_from(host.to_owned())
            .map_err(|_| err("host is not a valid TLS server name".into()))?;
        let stream = tokio_rustls::TlsConnector::from(std::sync::Arc::new(config))
            .connect(name, stream)
            .await
            .map_err(io("TLS handshake with"))?;
        exchange(stream, &request, io).await?
    } else {
        exchange(stream, &request, io).await?
    };
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| err("incomplete HTTP answer".into()))?;
    let status = head.lines().next().unwrap_or_default();
    if status.split_whitespace().nth(1) != Some("200") {
        return Err(err(format!("HTTP answer `{status}`")));
    }
    // Tolerates chunked encoding of a single chunk: the JSON object is the body.
    match (body.find('{'), body.rfind('}')) {
        (Some(a), Some(b)) if a < b => Ok(body[a..=b].to_owned()),
        _ => Err(err("the body holds no JSON object".into())),
    }
}

/// Sends `request` and reads the whole answer (at most 64 KiB).
async fn exchange<S, F>(
    mut stream: S,
    request: &str,
    io: impl Fn(&str) -> F,
) -> Result<Vec<u8>, NetError>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
    F: FnOnce(std::io::Error) -> NetError,
{
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(io("writing to"))?;
    let mut raw = Vec::new();
    stream
        .take(64 * 1024)
        .read_to_end(&mut raw)
        .await
        .map_err(io("reading from"))?;
    Ok(raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_parses_known_instants() {
        // 2020-11-25T16:06:51Z = 1606320411 s (checked with `date -u -d @1606320411`).
        assert_eq!(format_rfc3339(1_606_320_411_190), "2020-11-25T16:06:51Z");
        assert_eq!(
            parse_rfc3339("2020-11-25T16:06:51Z").unwrap(),
            1_606_320_411_000
        );
        assert_eq!(
            parse_rfc3339("2020-11-25T17:06:51.5+01:00").unwrap(),
            1_606_320_411_500
        );
        assert_eq!(format_rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_rfc3339(951_782_400_000), "2000-02-29T00:00:00Z");
    }

    #[test]
    fn rejects_malformed_timestamps() {
        for s in [
            "",
            "2020-11-25",
            "2020-13-01T00:00:00Z",
            "2020-11-25T16:06:51",
            "x020-11-25T16:06:51Z",
            "2020-11-25T16:06:51.Z",
            "2020-11-25T16:06:51+1:00",
        ] {
            assert!(parse_rfc3339(s).is_err(), "{s}");
        }
    }

    #[test]
    fn time_body_round_trips() {
        let t = 1_606_320_411_190;
        assert_eq!(
            time_body(t),
            r#"{"time":"2020-11-25T16:06:51Z","milliseconds":190}"#
        );
        assert_eq!(parse_time_body(&time_body(t)).unwrap(), t);
        assert!(parse_time_body(r#"{"time":3}"#).is_err());
        assert!(parse_time_body(r#"{"time":"2020-11-25T16:06:51Z","milliseconds":1000}"#).is_err());
    }

    #[test]
    fn derives_the_time_url() {
        assert_eq!(
            derive_time_url("wss://msoll.de/spe_ed?key=abc").unwrap(),
            "https://msoll.de/spe_ed_time"
        );
        assert_eq!(
            derive_time_url("ws://127.0.0.1:10101/spe_ed").unwrap(),
            "http://127.0.0.1:10101/spe_ed_time"
        );
        assert!(derive_time_url("ftp://x/y").is_err());
    }

    proptest::proptest! {
        #[test]
        fn format_parse_round_trip(secs in -2_000_000_000_i64..8_000_000_000) {
            let t = secs * 1000;
            proptest::prop_assert_eq!(parse_rfc3339(&format_rfc3339(t)).unwrap(), t);
        }

        #[test]
        fn parse_never_panics(s in "\\PC{0,40}") {
            let _ = parse_rfc3339(&s);
            let _ = parse_time_body(&s);
        }
    }
}
