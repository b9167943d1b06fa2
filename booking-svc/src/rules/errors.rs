//! What booking-svc answers when it refuses: the texts people read, and the statuses (with their
//! codes, `mtaani_proto::status`) that carry them.

use mtaani_proto::status::{ErrorCode, coded, fixed, with_field};
use tonic::{Code, Status};

pub const SLOT_TAKEN: &str = mtaani_proto::status::texts::SLOT_TAKEN;
pub const SERVICE_NOT_FOUND: &str = mtaani_proto::status::texts::SERVICE_NOT_FOUND;
pub const BOOKING_NOT_FOUND: &str = "Booking not found";
pub const NOT_YOURS: &str = "You can only manage bookings of your own services";
pub const BAD_LINK: &str = "This cancellation link is not valid.";
pub const ALREADY_CANCELLED: &str = "This booking is already cancelled.";
pub const TOO_LATE: &str = mtaani_proto::status::texts::TOO_LATE_TO_CHANGE;
pub const BAD_MONTH: &str = "Please choose a valid month";
pub const BUSY: &str = "Bookings are busy. Please try again.";

pub(crate) fn invalid(field: &str, message: impl Into<String>) -> Status {
    with_field(Code::InvalidArgument, ErrorCode::Validation, message, field)
}

/// The chosen start cannot be booked at this hour or on this day (`field`: `date` or `time`).
pub(crate) fn outside_hours(field: &str, message: impl Into<String>) -> Status {
    with_field(Code::InvalidArgument, ErrorCode::OutsideHours, message, field)
}

pub(crate) fn slot_taken() -> Status {
    fixed(Code::AlreadyExists, ErrorCode::SlotTaken)
}

/// The team member asked for is booked then, or does not work then.
pub(crate) fn member_taken() -> Status {
    fixed(Code::AlreadyExists, ErrorCode::MemberTaken)
}

/// The booking is cancelled, declined or over: nothing about it can change.
pub(crate) fn closed(message: impl Into<String>) -> Status {
    coded(Code::FailedPrecondition, ErrorCode::BookingClosed, message)
}

/// An id a call must name, trimmed, or `missing` when it names none.
pub(crate) fn required(raw: &str, missing: impl FnOnce() -> Status) -> Result<&str, Status> {
    let id = raw.trim();
    if id.is_empty() { Err(missing()) } else { Ok(id) }
}

/// The listing a read is about, or the error when none is named.
pub(crate) fn required_service_id(raw: &str) -> Result<&str, Status> {
    required(raw, || Status::invalid_argument("serviceId is required"))
}
