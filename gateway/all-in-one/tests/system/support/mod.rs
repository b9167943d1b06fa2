//! What the system tests share: the four services on loopback ([`Services`]), the product behind
//! the gateway ([`Product`], started for each test with its [`Options`]), the requests and answers,
//! and the e-mails and SMS the product sends.

mod http;
mod inbox;
mod product;
mod queues;
mod services;

pub use http::{Answer, call, get, request};
pub use inbox::{Mailbox, SmsBox};
pub use product::Product;
pub use queues::{Queues, pool};
pub use services::{JWT_SECRET, Server, Services, gateway_without_services};

/// The password of every demo account (README).
pub const DEMO_PASSWORD: &str = "mtaani-demo";
/// The demo operator.
pub const ADMIN: &str = "admin@demo.mtaani.co.ke";
/// A photo every listing form takes: one pixel, as a data URL.
pub const PNG_1X1: &str = gateway::routes::doc::PHOTO_1X1;
