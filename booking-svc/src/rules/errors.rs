//! booking-svc's one error type: every refusal the use cases answer, with what it says (a text of the
//! dictionaries, `mtaani_proto::text`), its stable code and its gRPC code, and the faults (the
//! database, a neighbour away) that are logged and never shown. The gRPC edge (grpc.rs) turns it into
//! a status; nothing below the edge makes one.

use std::fmt;

use mtaani_proto::{
    booking::v1::AppointmentStatus,
    status::{ErrorCode, Violations},
    text::{Text, said},
};
use tonic::Code;

use crate::rules::{plan::in_words, schedule::Closed};

/// What went wrong underneath (a database error, a neighbour that did not answer): logged with its
/// detail where the error leaves the service, said to nobody.
pub type Fault = Box<dyn std::error::Error + Send + Sync>;

/// Why a use case of booking-svc did not do what it was asked.
#[derive(Debug)]
pub enum BookingError {
    /// Fields break the rules of a form (a booking request, a working plan, a team member): each
    /// field's first broken rule.
    Invalid(Violations),
    /// A call that names no id it must (a listing's, or from another part of Mtaani a provider's, …).
    MissingId(Id),
    /// A date that is not one; `field` when it came in a field of a form (a move's new date).
    BadDate {
        field: Option<&'static str>,
    },
    /// A start that is not one of the day's slots (a move's new time).
    BadSlot,
    BadMonth,
    /// A date before today.
    DateInPast,
    /// A start of today that has gone.
    SlotPassed,
    /// A start inside the provider's minimum notice.
    TooSoon {
        notice_minutes: u32,
    },
    /// A day the provider takes no booking on, and why.
    DayClosed(Closed),
    /// A start whose booking does not fit inside one of the day's working intervals.
    OutsideHours,
    /// A service that is not on the listing's menu.
    UnknownOption,
    /// Services chosen together that take longer than the booking grid's day.
    TooLongForADay,
    TeamTooBig,
    /// A team change that names no other member to give bookings to (`field`: where it names them).
    NoOtherMember {
        field: &'static str,
    },
    /// A "Change or cancel" link that is not ours, or names no booking.
    BadLink,
    ServiceNotFound,
    BookingNotFound,
    MemberNotFound,
    /// A provider's action on a booking of someone else's listing.
    NotYours,
    SlotTaken,
    MemberTaken,
    /// The booking's change notice has passed.
    TooLateToChange,
    /// A provider's confirm or decline of a booking that is `status` already (a customer cancelled it,
    /// the provider answered it before).
    Overtaken {
        status: AppointmentStatus,
    },
    AlreadyCancelled,
    /// A customer's change of a booking the provider has declined (`status`).
    BookingWas {
        status: AppointmentStatus,
    },
    /// A booking given to another member that is no longer live (`status`).
    BookingNotLive {
        status: AppointmentStatus,
    },
    /// A booking given to another member whose time has passed.
    BookingPast,
    /// A member leaving or pausing has `count` upcoming bookings: say whether to move or cancel them.
    MemberHasBookings {
        name: String,
        count: usize,
    },
    /// `count` of a leaving member's bookings have no other member free to take them.
    NoMemberFree {
        count: usize,
    },
    /// Two identical requests at once without a key to tell them apart: the same request may be sent
    /// again.
    Busy,
    /// The database or a neighbour is away for a moment.
    Unavailable(Fault),
    /// A fault of ours.
    Internal(Fault),
}

/// The ids a call names: `serviceId` of the booking dialog's reads, the others in calls from other
/// parts of Mtaani (`seller_id`, `customer_id`, `member_id`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Id {
    Service,
    Seller,
    Customer,
    Member,
}

impl BookingError {
    /// The stable code a client branches on.
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Invalid(_)
            | Self::MissingId(_)
            | Self::BadDate { .. }
            | Self::BadSlot
            | Self::BadMonth
            | Self::DateInPast
            | Self::SlotPassed
            | Self::TooSoon { .. }
            | Self::UnknownOption
            | Self::TooLongForADay
            | Self::TeamTooBig
            | Self::NoOtherMember { .. }
            | Self::BadLink => ErrorCode::Validation,
            Self::DayClosed(_) | Self::OutsideHours => ErrorCode::OutsideHours,
            Self::ServiceNotFound | Self::BookingNotFound | Self::MemberNotFound => ErrorCode::NotFound,
            Self::NotYours => ErrorCode::Forbidden,
            Self::SlotTaken => ErrorCode::SlotTaken,
            Self::MemberTaken => ErrorCode::MemberTaken,
            Self::TooLateToChange => ErrorCode::TooLateToChange,
            Self::Overtaken { .. } => ErrorCode::Conflict,
            Self::AlreadyCancelled | Self::BookingWas { .. } | Self::BookingNotLive { .. } | Self::BookingPast => {
                ErrorCode::BookingClosed
            }
            Self::MemberHasBookings { .. } | Self::NoMemberFree { .. } => ErrorCode::MemberHasBookings,
            Self::Busy => ErrorCode::Busy,
            Self::Unavailable(_) => ErrorCode::Unavailable,
            Self::Internal(_) => ErrorCode::Internal,
        }
    }

    /// The gRPC code it travels with (the gateway's HTTP status).
    pub fn grpc_code(&self) -> Code {
        match self.code() {
            ErrorCode::Validation | ErrorCode::OutsideHours => Code::InvalidArgument,
            ErrorCode::NotFound => Code::NotFound,
            ErrorCode::Forbidden => Code::PermissionDenied,
            ErrorCode::SlotTaken | ErrorCode::MemberTaken => Code::AlreadyExists,
            ErrorCode::Busy => Code::Aborted,
            ErrorCode::Unavailable => Code::Unavailable,
            ErrorCode::Internal => Code::Internal,
            _ => Code::FailedPrecondition,
        }
    }

    /// What it says: the first broken rule of a form, the refusal's own text, or for a fault the
    /// text of its code.
    pub fn text(&self) -> Text {
        match self {
            Self::Invalid(v) => v.first().cloned().unwrap_or_else(said::not_valid),
            Self::MissingId(Id::Service) => said::service_id_required(),
            Self::MissingId(Id::Seller) => said::seller_id_required(),
            Self::MissingId(Id::Customer) => said::customer_id_required(),
            Self::MissingId(Id::Member) => said::member_id_required(),
            Self::BadDate { .. } => said::choose_valid_date(),
            Self::BadSlot => said::choose_available_slot(),
            Self::BadMonth => said::choose_valid_month(),
            Self::DateInPast => said::choose_date_from_today(),
            Self::SlotPassed => said::slot_passed(),
            Self::TooSoon { notice_minutes } => said::too_soon(in_words(*notice_minutes)),
            Self::DayClosed(why) => why.text(),
            Self::OutsideHours => said::outside_hours(),
            Self::UnknownOption => said::choose_from_menu(),
            Self::TooLongForADay => said::too_long_for_a_day(),
            Self::TeamTooBig => said::team_too_big(),
            Self::NoOtherMember { .. } => said::choose_member_to_move_to(),
            Self::BadLink => said::bad_cancel_link(),
            Self::ServiceNotFound => said::service_not_found(),
            Self::BookingNotFound => said::booking_not_found(),
            Self::MemberNotFound => said::team_member_not_found(),
            Self::NotYours => said::own_bookings_only(),
            Self::SlotTaken => said::slot_taken(),
            Self::MemberTaken => said::member_taken(),
            Self::TooLateToChange => said::too_late_to_change(),
            Self::Overtaken { status } | Self::BookingNotLive { status } => {
                said::booking_already_status(status_text(*status))
            }
            Self::AlreadyCancelled => said::booking_already_cancelled(),
            Self::BookingWas { status } => said::booking_was(status_text(*status)),
            Self::BookingPast => said::booking_past(),
            Self::MemberHasBookings { name, count: 1 } => said::member_has_booking_one(name),
            Self::MemberHasBookings { name, count } => said::member_has_bookings(name, *count),
            Self::NoMemberFree { count: 1 } => said::no_member_free_one(),
            Self::NoMemberFree { count } => said::no_member_free(*count),
            Self::Busy => said::bookings_busy(),
            Self::Unavailable(_) => said::unavailable(),
            Self::Internal(_) => said::internal(),
        }
    }

    /// The field of a form it is about, when it is about one (a form's broken rules name their own:
    /// [`BookingError::Invalid`]).
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::BadDate { field } => *field,
            Self::DateInPast | Self::DayClosed(_) => Some("date"),
            Self::BadSlot | Self::SlotPassed | Self::TooSoon { .. } | Self::OutsideHours => Some("time"),
            Self::BadMonth => Some("month"),
            Self::UnknownOption | Self::TooLongForADay => Some("optionIds"),
            Self::TeamTooBig => Some("team"),
            Self::NoOtherMember { field } => Some(field),
            _ => None,
        }
    }
}

/// The English, for logs; a fault says what happened underneath.
impl fmt::Display for BookingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unavailable(fault) | Self::Internal(fault) => fault.fmt(f),
            refusal => refusal.text().fmt(f),
        }
    }
}

impl std::error::Error for BookingError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Unavailable(fault) | Self::Internal(fault) => Some(fault.as_ref()),
            _ => None,
        }
    }
}

/// A form's broken rules; none broken is not an error (check with `Violations::is_empty` first).
impl From<Violations> for BookingError {
    fn from(v: Violations) -> Self {
        Self::Invalid(v)
    }
}

/// A booking's status as a message names it ("This booking is already cancelled.").
fn status_text(status: AppointmentStatus) -> Text {
    match status {
        AppointmentStatus::Confirmed => said::status_confirmed(),
        AppointmentStatus::Declined => said::status_declined(),
        AppointmentStatus::Cancelled => said::status_cancelled(),
        AppointmentStatus::Requested | AppointmentStatus::Unspecified => said::status_requested(),
    }
}

/// An id a call must name, trimmed, or `missing` when it names none.
pub(crate) fn required(raw: &str, missing: impl FnOnce() -> BookingError) -> Result<&str, BookingError> {
    let id = raw.trim();
    if id.is_empty() { Err(missing()) } else { Ok(id) }
}

/// The `id` a call names (`raw`), trimmed, or [`BookingError::MissingId`].
pub(crate) fn required_id(raw: &str, id: Id) -> Result<&str, BookingError> {
    required(raw, || BookingError::MissingId(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal without a code of its own says the one its gRPC code means, as a caller reading only
    /// the gRPC code concludes.
    #[test]
    fn a_refusal_without_a_code_of_its_own_says_what_its_grpc_code_means() {
        let refusals = [
            BookingError::BookingNotFound,
            BookingError::NotYours,
            BookingError::BadLink,
            BookingError::Overtaken { status: AppointmentStatus::Declined },
            BookingError::Busy,
            BookingError::MissingId(Id::Seller),
        ];
        for e in refusals {
            assert_eq!(ErrorCode::of_grpc(e.grpc_code()), e.code(), "{e:?}");
        }
    }

    #[test]
    fn each_refusal_says_its_text_with_its_values() {
        assert_eq!(BookingError::MissingId(Id::Seller).to_string(), "seller_id is required");
        assert_eq!(BookingError::MissingId(Id::Service).to_string(), "serviceId is required");
        assert_eq!(
            BookingError::Overtaken { status: AppointmentStatus::Declined }.to_string(),
            "This booking is already declined."
        );
        let has = |count| BookingError::MemberHasBookings { name: "Akinyi".into(), count }.to_string();
        assert_eq!(has(1), "Akinyi has 1 upcoming booking. Move it to another member or cancel it.");
        assert_eq!(has(3), "Akinyi has 3 upcoming bookings. Move them to another member or cancel them.");
        assert_eq!(BookingError::TooSoon { notice_minutes: 120 }.to_string(), "Please book at least 2 hours ahead.");
        let fault = BookingError::Internal("the disk is full".into());
        assert_eq!((fault.to_string(), fault.text()), ("the disk is full".to_owned(), said::internal()));
    }
}
