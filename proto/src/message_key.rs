//! The idempotency key of a notification (messaging-svc keeps one message per key): what it is
//! about, what happened, and whom it is for. The recipient is part of the key by construction, so
//! two people told of the same event can never share a key and lose one of the two messages (a
//! moved booking's notice to its customer would take the key, and its provider's never be sent).

use std::fmt;

/// Whom a message is for, relative to the thing it is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recipient<'a> {
    /// The customer who made the booking.
    Customer,
    /// The provider (the seller's account) whose listing it is.
    Provider,
    /// One account named by its id (a member of a provider's team, an operator).
    Account(&'a str),
}

impl fmt::Display for Recipient<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Customer => f.write_str("customer"),
            Self::Provider => f.write_str("provider"),
            Self::Account(id) => write!(f, "account-{id}"),
        }
    }
}

/// A notification's idempotency key: `{about}:{event}:to-{recipient}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MessageKey(String);

impl MessageKey {
    /// The key of the message to `to` about `about` (a booking's id, say) for `event` (`moved`,
    /// `reminder`, with what makes one occurrence differ from the next: `moved:2026-12-01:9:00 AM`).
    pub fn new(about: &str, event: &str, to: Recipient<'_>) -> Self {
        Self(format!("{about}:{event}:to-{to}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<MessageKey> for String {
    fn from(key: MessageKey) -> Self {
        key.0
    }
}

impl fmt::Display for MessageKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_people_told_of_one_event_never_share_a_key() {
        let about = "0193a000-0000-7000-8000-000000000101";
        let event = "moved:2026-12-01:9:00 AM";
        let keys = [
            MessageKey::new(about, event, Recipient::Customer),
            MessageKey::new(about, event, Recipient::Provider),
            MessageKey::new(about, event, Recipient::Account("m1")),
            MessageKey::new(about, event, Recipient::Account("m2")),
        ];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(keys[1].as_str(), "0193a000-0000-7000-8000-000000000101:moved:2026-12-01:9:00 AM:to-provider");
        assert!(keys.iter().all(|k| k.as_str().len() <= 128), "messaging-svc keeps keys of up to 128 characters");
    }
}
