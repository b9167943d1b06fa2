//! The tonic implementation of `booking.v1.BookingService`: each call handed to its use case (service/)
//! and its answer sent back.

use mtaani_proto::booking::v1::{self as pb, booking_service_server::BookingService};
use tonic::{Request, Response, Status};

use crate::service::Booking;

#[tonic::async_trait]
impl BookingService for Booking {
    async fn create_appointment(
        &self,
        request: Request<pb::CreateAppointmentRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        self.create(request.into_inner()).await.map(Response::new)
    }

    async fn get_availability(
        &self,
        request: Request<pb::GetAvailabilityRequest>,
    ) -> Result<Response<pb::GetAvailabilityResponse>, Status> {
        self.availability(request.into_inner()).await.map(Response::new)
    }

    async fn get_calendar(
        &self,
        request: Request<pb::GetCalendarRequest>,
    ) -> Result<Response<pb::GetCalendarResponse>, Status> {
        self.calendar(request.into_inner()).await.map(Response::new)
    }

    async fn list_seller_appointments(
        &self,
        request: Request<pb::ListSellerAppointmentsRequest>,
    ) -> Result<Response<pb::ListSellerAppointmentsResponse>, Status> {
        self.seller_appointments(request.into_inner()).await.map(Response::new)
    }

    async fn confirm_appointment(
        &self,
        request: Request<pb::AppointmentActionRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        self.confirm(request.into_inner()).await.map(Response::new)
    }

    async fn decline_appointment(
        &self,
        request: Request<pb::AppointmentActionRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        self.decline(request.into_inner()).await.map(Response::new)
    }

    async fn get_appointment_by_cancel_token(
        &self,
        request: Request<pb::CancelTokenRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        self.by_link(request.into_inner()).await.map(Response::new)
    }

    async fn cancel_appointment(
        &self,
        request: Request<pb::CancelTokenRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        self.cancel(request.into_inner()).await.map(Response::new)
    }

    async fn reschedule_appointment(
        &self,
        request: Request<pb::RescheduleRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        self.reschedule(request.into_inner()).await.map(Response::new)
    }

    async fn get_plan(&self, request: Request<pb::GetPlanRequest>) -> Result<Response<pb::ProviderPlan>, Status> {
        self.plan(request.into_inner()).await.map(Response::new)
    }

    async fn set_plan(&self, request: Request<pb::SetPlanRequest>) -> Result<Response<pb::ProviderPlan>, Status> {
        self.set_plan(request.into_inner()).await.map(Response::new)
    }

    async fn list_customer_appointments(
        &self,
        request: Request<pb::ListCustomerAppointmentsRequest>,
    ) -> Result<Response<pb::ListSellerAppointmentsResponse>, Status> {
        self.customer_appointments(request.into_inner()).await.map(Response::new)
    }

    async fn cancel_seller_appointments(
        &self,
        request: Request<pb::CancelSellerAppointmentsRequest>,
    ) -> Result<Response<pb::CancelSellerAppointmentsResponse>, Status> {
        self.provider_left(request.into_inner()).await.map(Response::new)
    }

    async fn forget_customer(
        &self,
        request: Request<pb::ForgetCustomerRequest>,
    ) -> Result<Response<pb::ForgetCustomerResponse>, Status> {
        self.forget_customer(request.into_inner()).await.map(Response::new)
    }

    async fn list_team(&self, request: Request<pb::ListTeamRequest>) -> Result<Response<pb::ListTeamResponse>, Status> {
        self.team(request.into_inner()).await.map(Response::new)
    }

    async fn save_team_member(
        &self,
        request: Request<pb::SaveTeamMemberRequest>,
    ) -> Result<Response<pb::TeamMember>, Status> {
        self.save_member(request.into_inner()).await.map(Response::new)
    }

    async fn remove_team_member(
        &self,
        request: Request<pb::RemoveTeamMemberRequest>,
    ) -> Result<Response<pb::RemoveTeamMemberResponse>, Status> {
        self.remove_member(request.into_inner()).await.map(Response::new)
    }

    async fn get_listing_team(
        &self,
        request: Request<pb::GetListingTeamRequest>,
    ) -> Result<Response<pb::ListTeamResponse>, Status> {
        self.listing_team(request.into_inner()).await.map(Response::new)
    }

    async fn reassign_appointment(
        &self,
        request: Request<pb::ReassignAppointmentRequest>,
    ) -> Result<Response<pb::Appointment>, Status> {
        self.give_to_member(request.into_inner()).await.map(Response::new)
    }

    async fn count_appointments(
        &self,
        request: Request<pb::CountAppointmentsRequest>,
    ) -> Result<Response<pb::CountAppointmentsResponse>, Status> {
        self.count(request.into_inner()).await.map(Response::new)
    }
}
