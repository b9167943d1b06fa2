//! The rules of time and seats, pure (no I/O): the slots of a day, a provider's working plan, which
//! starts a day offers, a team member and whose diary a booking goes in, what a booking request must
//! say, and the service's error type (every refusal and what it says). Everything above may use
//! these; they use nothing above.

pub mod diary;
pub mod errors;
pub mod members;
pub mod plan;
pub mod request;
pub mod schedule;
pub mod slots;
