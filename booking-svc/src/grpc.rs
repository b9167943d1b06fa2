//! The tonic implementation of `booking.v1.BookingService`: each call handed to its use case (service/)
//! and its answer sent back, a refusal as the status that carries its text and code.

use mtaani_proto::{
    booking::v1::{self as pb, booking_service_server::BookingService},
    status::{ErrorCode, fixed, refusal_on},
};
use tonic::{Code, Request, Response, Status};

use crate::{rules::errors::BookingError, service::Booking};

/// A refusal as its status: its gRPC code, its code (`ErrorInfo.reason`) and its text, with the field
/// it is about; a fault logged here with its detail, and said without it.
impl From<BookingError> for Status {
    fn from(e: BookingError) -> Self {
        match e {
            BookingError::Invalid(v) => v.into_status(Code::InvalidArgument, ErrorCode::Validation),
            BookingError::Unavailable(fault) => {
                tracing::warn!(error = %fault, "booking-svc cannot answer for now");
                fixed(Code::Unavailable, ErrorCode::Unavailable)
            }
            BookingError::Internal(fault) => {
                tracing::error!(error = %fault, "booking-svc fault");
                fixed(Code::Internal, ErrorCode::Internal)
            }
            refused => refusal_on(refused.grpc_code(), refused.code(), refused.text(), refused.field()),
        }
    }
}

/// A use case's answer as the call's.
fn answer<T>(done: Result<T, BookingError>) -> Result<Response<T>, Status> {
    done.map(Response::new).map_err(Status::from)
}

#[tonic::async_trait]
impl BookingService for Booking {
    async fn create_appointment(
        &self,
        request: Request<pb::CreateAppointmentRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        answer(self.create(request.into_inner()).await)
    }

    async fn get_availability(
        &self,
        request: Request<pb::GetAvailabilityRequest>,
    ) -> Result<Response<pb::GetAvailabilityResponse>, Status> {
        answer(self.availability(request.into_inner()).await)
    }

    async fn get_calendar(
        &self,
        request: Request<pb::GetCalendarRequest>,
    ) -> Result<Response<pb::GetCalendarResponse>, Status> {
        answer(self.calendar(request.into_inner()).await)
    }

    async fn list_seller_appointments(
        &self,
        request: Request<pb::ListSellerAppointmentsRequest>,
    ) -> Result<Response<pb::ListSellerAppointmentsResponse>, Status> {
        answer(self.seller_appointments(request.into_inner()).await)
    }

    async fn confirm_appointment(
        &self,
        request: Request<pb::AppointmentActionRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        answer(self.confirm(request.into_inner()).await)
    }

    async fn decline_appointment(
        &self,
        request: Request<pb::AppointmentActionRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        answer(self.decline(request.into_inner()).await)
    }

    async fn get_appointment_by_cancel_token(
        &self,
        request: Request<pb::CancelTokenRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        answer(self.by_link(request.into_inner()).await)
    }

    async fn cancel_appointment(
        &self,
        request: Request<pb::CancelTokenRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        answer(self.cancel(request.into_inner()).await)
    }

    async fn reschedule_appointment(
        &self,
        request: Request<pb::RescheduleRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        answer(self.reschedule(request.into_inner()).await)
    }

    async fn get_plan(&self, request: Request<pb::GetPlanRequest>) -> Result<Response<pb::ProviderPlan>, Status> {
        answer(self.plan(request.into_inner()).await)
    }

    async fn set_plan(&self, request: Request<pb::SetPlanRequest>) -> Result<Response<pb::ProviderPlan>, Status> {
        answer(self.set_plan(request.into_inner()).await)
    }

    async fn list_customer_appointments(
        &self,
        request: Request<pb::ListCustomerAppointmentsRequest>,
    ) -> Result<Response<pb::ListSellerAppointmentsResponse>, Status> {
        answer(self.customer_appointments(request.into_inner()).await)
    }

    async fn cancel_seller_appointments(
        &self,
        request: Request<pb::CancelSellerAppointmentsRequest>,
    ) -> Result<Response<pb::CancelSellerAppointmentsResponse>, Status> {
        answer(self.provider_left(request.into_inner()).await)
    }

    async fn forget_customer(
        &self,
        request: Request<pb::ForgetCustomerRequest>,
    ) -> Result<Response<pb::ForgetCustomerResponse>, Status> {
        answer(self.forget_customer(request.into_inner()).await)
    }

    async fn list_team(&self, request: Request<pb::ListTeamRequest>) -> Result<Response<pb::ListTeamResponse>, Status> {
        answer(self.team(request.into_inner()).await)
    }

    async fn save_team_member(
        &self,
        request: Request<pb::SaveTeamMemberRequest>,
    ) -> Result<Response<pb::TeamMember>, Status> {
        answer(self.save_member(request.into_inner()).await)
    }

    async fn remove_team_member(
        &self,
        request: Request<pb::RemoveTeamMemberRequest>,
    ) -> Result<Response<pb::RemoveTeamMemberResponse>, Status> {
        answer(self.remove_member(request.into_inner()).await)
    }

    async fn get_listing_team(
        &self,
        request: Request<pb::GetListingTeamRequest>,
    ) -> Result<Response<pb::ListTeamResponse>, Status> {
        answer(self.listing_team(request.into_inner()).await)
    }

    async fn reassign_appointment(
        &self,
        request: Request<pb::ReassignAppointmentRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        answer(self.give_to_member(request.into_inner()).await)
    }

    async fn count_appointments(
        &self,
        request: Request<pb::CountAppointmentsRequest>,
    ) -> Result<Response<pb::CountAppointmentsResponse>, Status> {
        answer(self.count(request.into_inner()).await)
    }
}
