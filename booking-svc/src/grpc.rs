//! The tonic implementation of `booking.v1.BookingService`.

use mtaani_proto::booking::v1::{self as pb, booking_service_server::BookingService};
use tonic::{Request, Response, Status};

#[derive(Debug, Clone)]
pub struct Booking {
    #[allow(dead_code)] // read by the booking calls that arrive with the Booking issue
    pub(crate) pool: sqlx::AnyPool,
}

fn not_yet() -> Status {
    Status::unimplemented("Booking is not available yet")
}

#[tonic::async_trait]
impl BookingService for Booking {
    async fn create_appointment(
        &self,
        _: Request<pb::CreateAppointmentRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        Err(not_yet())
    }

    async fn get_availability(
        &self,
        _: Request<pb::GetAvailabilityRequest>,
    ) -> Result<Response<pb::GetAvailabilityResponse>, Status> {
        Err(not_yet())
    }

    async fn list_seller_appointments(
        &self,
        _: Request<pb::ListSellerAppointmentsRequest>,
    ) -> Result<Response<pb::ListSellerAppointmentsResponse>, Status> {
        Err(not_yet())
    }

    async fn confirm_appointment(
        &self,
        _: Request<pb::AppointmentActionRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        Err(not_yet())
    }

    async fn decline_appointment(
        &self,
        _: Request<pb::AppointmentActionRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        Err(not_yet())
    }

    async fn get_appointment_by_cancel_token(
        &self,
        _: Request<pb::CancelTokenRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        Err(not_yet())
    }

    async fn cancel_appointment(
        &self,
        _: Request<pb::CancelTokenRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        Err(not_yet())
    }
}
