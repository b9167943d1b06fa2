//! The tonic implementation of `accounts.v1.AccountsService`.

use mtaani_proto::accounts::v1::{self as pb, accounts_service_server::AccountsService};
use tonic::{Request, Response, Status};

use crate::packages::PACKAGES;

#[derive(Debug, Clone)]
pub struct Accounts {
    #[allow(dead_code)] // read by the account calls that arrive with the Accounts issue
    pub(crate) pool: sqlx::AnyPool,
}

fn not_yet(what: &str) -> Status {
    Status::unimplemented(format!("{what} is not available yet"))
}

#[tonic::async_trait]
impl AccountsService for Accounts {
    async fn list_packages(
        &self,
        _: Request<pb::ListPackagesRequest>,
    ) -> Result<Response<pb::ListPackagesResponse>, Status> {
        Ok(Response::new(pb::ListPackagesResponse {
            packages: PACKAGES.iter().map(Into::into).collect(),
        }))
    }

    async fn register(
        &self,
        _: Request<pb::RegisterRequest>,
    ) -> Result<Response<pb::RegisterResponse>, Status> {
        Err(not_yet("Registration"))
    }

    async fn login(
        &self,
        _: Request<pb::LoginRequest>,
    ) -> Result<Response<pb::LoginResponse>, Status> {
        Err(not_yet("Sign-in"))
    }

    async fn get_me(
        &self,
        _: Request<pb::GetMeRequest>,
    ) -> Result<Response<pb::GetMeResponse>, Status> {
        Err(not_yet("My Account"))
    }

    async fn request_password_reset(
        &self,
        _: Request<pb::RequestPasswordResetRequest>,
    ) -> Result<Response<pb::RequestPasswordResetResponse>, Status> {
        Err(not_yet("Password reset"))
    }

    async fn reset_password(
        &self,
        _: Request<pb::ResetPasswordRequest>,
    ) -> Result<Response<pb::ResetPasswordResponse>, Status> {
        Err(not_yet("Password reset"))
    }

    async fn get_seller_entitlement(
        &self,
        _: Request<pb::GetSellerEntitlementRequest>,
    ) -> Result<Response<pb::SellerEntitlement>, Status> {
        Err(not_yet("Seller entitlements"))
    }

    async fn get_subscription(
        &self,
        _: Request<pb::GetSubscriptionRequest>,
    ) -> Result<Response<pb::Subscription>, Status> {
        Err(not_yet("Subscriptions"))
    }

    async fn start_payment(
        &self,
        _: Request<pb::StartPaymentRequest>,
    ) -> Result<Response<pb::Payment>, Status> {
        Err(not_yet("Payments"))
    }

    async fn get_payment(
        &self,
        _: Request<pb::GetPaymentRequest>,
    ) -> Result<Response<pb::Payment>, Status> {
        Err(not_yet("Payments"))
    }

    async fn list_payments(
        &self,
        _: Request<pb::ListPaymentsRequest>,
    ) -> Result<Response<pb::ListPaymentsResponse>, Status> {
        Err(not_yet("Payments"))
    }

    async fn change_package(
        &self,
        _: Request<pb::ChangePackageRequest>,
    ) -> Result<Response<pb::Subscription>, Status> {
        Err(not_yet("Changing packages"))
    }

    async fn handle_mpesa_callback(
        &self,
        _: Request<pb::MpesaCallbackRequest>,
    ) -> Result<Response<pb::MpesaCallbackResponse>, Status> {
        Err(not_yet("M-Pesa payments"))
    }
}
