//! Logins (spec §1, §2): the `USER name password` line, the name rules, accounts with
//! salted argon2 hashes, and the lock-out after repeated wrong passwords.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use arena::store::any::AnyStore;

/// Longest name and password (characters).
pub const MAX_TOKEN: usize = 32;

/// Wrong passwords for one name from one address before that address is locked out of
/// the name for [`LOCKOUT`].
pub const MAX_WRONG_PASSWORDS: u32 = 5;

/// How long an address stays locked out of a name after [`MAX_WRONG_PASSWORDS`].
pub const LOCKOUT: Duration = Duration::from_mins(1);

/// Names the server refuses to register (the 2011 server had a bad-word list; this one
/// keeps names that would look like the server or a house bot).
const RESERVED: [&str; 4] = ["house", "server", "admin", "botforge"];

/// The rejection text of the 2011 server: `INFO: <message>`, `end`, `go`.
pub fn rejection(message: &str) -> String {
    format!("INFO: {message}\nend\ngo\n")
}

/// Whether `token` is a valid name or password: 1 to [`MAX_TOKEN`] ASCII letters, digits
/// or `_`.
pub fn valid_token(token: &str) -> bool {
    !token.is_empty()
        && token.len() <= MAX_TOKEN
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Parses a login line; the error is the message to reject it with.
pub fn parse_login(line: &str) -> Result<(String, String), String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let [command, name, password] = tokens[..] else {
        return Err("you need to send: [USER name password].".to_owned());
    };
    if command != "USER" {
        return Err("you need to send: [USER name password].".to_owned());
    }
    if !valid_token(name) {
        return Err(format!(
            "invalid name: use 1 to {MAX_TOKEN} letters, digits or _."
        ));
    }
    if !valid_token(password) {
        return Err(format!(
            "invalid password: use 1 to {MAX_TOKEN} letters, digits or _."
        ));
    }
    if RESERVED.iter().any(|r| name.eq_ignore_ascii_case(r)) {
        return Err(format!("the name {name} is reserved."));
    }
    Ok((name.to_owned(), password.to_owned()))
}

/// A salted argon2id hash of `password` (PHC string format).
pub fn hash_password(password: &str) -> anyhow::Result<String> {
    // 16 random bytes from the thread's generator (seeded by the OS, a CSPRNG).
    let bytes: [u8; 16] = rand::random();
    let salt =
        SaltString::encode_b64(&bytes).map_err(|e| anyhow::anyhow!("cannot make a salt: {e}"))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("cannot hash a password: {e}"))
}

/// Whether `password` matches the stored `hash` (false for a hash that does not parse).
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// The accounts of a server: the store's `accounts` table, one hash at a time (argon2 is
/// costly on purpose), and the wrong-password lock-outs.
#[derive(Clone)]
pub struct Accounts {
    store: Arc<Mutex<AnyStore>>,
    hashing: Arc<Mutex<()>>,
    failures: Arc<Mutex<Failures>>,
}

/// Wrong passwords per name and address: how many, and when the last one came.
type Failures = HashMap<(String, IpAddr), (u32, Instant)>;

impl Accounts {
    /// Accounts kept in `store`.
    pub fn new(store: Arc<Mutex<AnyStore>>) -> Self {
        Self {
            store,
            hashing: Arc::default(),
            failures: Arc::default(),
        }
    }

    fn with_store<T>(
        &self,
        f: impl FnOnce(&mut AnyStore) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let mut store = self
            .store
            .lock()
            .map_err(|_| anyhow::anyhow!("the store lock is poisoned"))?;
        f(&mut store)
    }

    /// Checks `name`/`password` from `peer`: the first login registers the name, later
    /// ones must give its password. The error is the rejection message.
    pub fn login(&self, name: &str, password: &str, peer: IpAddr) -> Result<(), String> {
        let key = (name.to_owned(), peer);
        if let Ok(mut failures) = self.failures.lock() {
            failures.retain(|_, (_, since)| since.elapsed() < LOCKOUT);
            if failures
                .get(&key)
                .is_some_and(|(n, _)| *n >= MAX_WRONG_PASSWORDS)
            {
                return Err(format!(
                    "too many wrong passwords for {name}, try again in {} s.",
                    LOCKOUT.as_secs()
                ));
            }
        }
        let internal = |e: anyhow::Error| {
            tracing::error!("login of {name}: {e:#}");
            "the server cannot check logins right now.".to_owned()
        };
        let known = self.with_store(|s| s.account(name)).map_err(internal)?;
        let ok = if let Some(account) = known {
            self.verify(password, &account.hash)
        } else {
            {
                let hash = {
                    let _one = self.hashing.lock();
                    hash_password(password).map_err(internal)?
                };
                if self
                    .with_store(|s| s.create_account(name, &hash))
                    .map_err(internal)?
                {
                    tracing::info!("registered {name}");
                    true
                } else {
                    // Registered at the same moment by another login: check against it.
                    let account = self
                        .with_store(|s| s.account(name))
                        .map_err(internal)?
                        .ok_or_else(|| "the server cannot check logins right now.".to_owned())?;
                    self.verify(password, &account.hash)
                }
            }
        };
        if !ok {
            if let Ok(mut failures) = self.failures.lock() {
                let entry = failures.entry(key).or_insert((0, Instant::now()));
                entry.0 += 1;
                entry.1 = Instant::now();
            }
            return Err(format!("invalid password for {name}"));
        }
        if let Ok(mut failures) = self.failures.lock() {
            failures.remove(&key);
        }
        self.with_store(|s| s.touch_account(name))
            .map_err(internal)?;
        Ok(())
    }

    fn verify(&self, password: &str, hash: &str) -> bool {
        let _one = self.hashing.lock();
        verify_password(password, hash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn login_lines_follow_the_2011_rules() {
        assert_eq!(
            parse_login("USER ann_1 pw"),
            Ok(("ann_1".to_owned(), "pw".to_owned()))
        );
        assert_eq!(
            parse_login("USER  ann  pw \r"),
            Ok(("ann".to_owned(), "pw".to_owned()))
        );
        for bad in ["", "USER ann", "USER a b c", "user ann pw", "HELLO ann pw"] {
            assert!(
                parse_login(bad).unwrap_err().contains("USER name password"),
                "{bad}"
            );
        }
        assert!(
            parse_login("USER an-n pw")
                .unwrap_err()
                .contains("invalid name")
        );
        assert!(
            parse_login(&format!("USER {} pw", "a".repeat(33)))
                .unwrap_err()
                .contains("invalid name")
        );
        assert!(
            parse_login("USER ann p:w")
                .unwrap_err()
                .contains("invalid password")
        );
        assert!(
            parse_login("USER House pw")
                .unwrap_err()
                .contains("reserved")
        );
        assert_eq!(rejection("x"), "INFO: x\nend\ngo\n");
    }

    #[test]
    fn hashes_are_salted_and_verify() {
        let a = hash_password("secret").unwrap();
        let b = hash_password("secret").unwrap();
        assert_ne!(a, b, "two hashes of one password differ by their salt");
        assert!(a.starts_with("$argon2id$"), "{a}");
        assert!(!a.contains("secret"));
        assert!(verify_password("secret", &a));
        assert!(!verify_password("Secret", &a));
        assert!(!verify_password("secret", "not a hash"));
    }

    #[test]
    fn first_login_registers_later_ones_must_match_and_wrong_ones_lock_out() {
        let store = Arc::new(Mutex::new(AnyStore::Sqlite(
            arena::Store::in_memory().unwrap(),
        )));
        let accounts = Accounts::new(store.clone());
        let here = IpAddr::from([127, 0, 0, 1]);
        let there = IpAddr::from([10, 0, 0, 2]);
        accounts.login("ann", "pw1", here).unwrap();
        accounts.login("ann", "pw1", here).unwrap();
        let stored = store.lock().unwrap().account("ann").unwrap().unwrap();
        assert!(!stored.hash.contains("pw1"));
        for _ in 0..MAX_WRONG_PASSWORDS {
            assert_eq!(
                accounts.login("ann", "bad", here).unwrap_err(),
                "invalid password for ann"
            );
        }
        let locked = accounts.login("ann", "pw1", here).unwrap_err();
        assert!(locked.contains("too many wrong passwords"), "{locked}");
        accounts.login("ann", "pw1", there).unwrap();
    }
}
