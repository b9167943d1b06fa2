//! The tonic implementation of `accounts.v1.AccountsService`: each call converts its request to a
//! use case's arguments (people.rs, lifecycle.rs, payments.rs, rights.rs, admin.rs) and its answer
//! back.

use mtaani_proto::accounts::v1::{self as pb, accounts_service_server::AccountsService};
use tonic::{Request, Response, Status};

use crate::{messages, packages::PACKAGES, service::Accounts};

#[tonic::async_trait]
impl AccountsService for Accounts {
    async fn list_packages(
        &self,
        _: Request<pb::ListPackagesRequest>,
    ) -> Result<Response<pb::ListPackagesResponse>, Status> {
        Ok(Response::new(pb::ListPackagesResponse { packages: PACKAGES.iter().map(Into::into).collect() }))
    }

    async fn register(&self, request: Request<pb::RegisterRequest>) -> Result<Response<pb::RegisterResponse>, Status> {
        Ok(Response::new(self.register_account(request.into_inner()).await?))
    }

    async fn login(&self, request: Request<pb::LoginRequest>) -> Result<Response<pb::LoginResponse>, Status> {
        Ok(Response::new(self.sign_in(request.into_inner()).await?))
    }

    async fn get_me(&self, request: Request<pb::GetMeRequest>) -> Result<Response<pb::GetMeResponse>, Status> {
        Ok(Response::new(self.me(&request.into_inner().user_id).await?))
    }

    async fn set_language(
        &self,
        request: Request<pb::SetLanguageRequest>,
    ) -> Result<Response<pb::SetLanguageResponse>, Status> {
        let r = request.into_inner();
        self.set_language_code(&r.user_id, &r.language).await?;
        Ok(Response::new(pb::SetLanguageResponse {}))
    }

    async fn request_password_reset(
        &self,
        request: Request<pb::RequestPasswordResetRequest>,
    ) -> Result<Response<pb::RequestPasswordResetResponse>, Status> {
        let r = request.into_inner();
        self.send_reset_link(&r.email, &r.language).await?;
        Ok(Response::new(pb::RequestPasswordResetResponse {}))
    }

    async fn reset_password(
        &self,
        request: Request<pb::ResetPasswordRequest>,
    ) -> Result<Response<pb::ResetPasswordResponse>, Status> {
        let r = request.into_inner();
        self.reset_password_with(&r.token, r.new_password).await?;
        Ok(Response::new(pb::ResetPasswordResponse {}))
    }

    async fn get_seller_entitlement(
        &self,
        request: Request<pb::GetSellerEntitlementRequest>,
    ) -> Result<Response<pb::SellerEntitlement>, Status> {
        Ok(Response::new(self.entitlement(&request.into_inner().user_id).await?))
    }

    async fn get_subscription(
        &self,
        request: Request<pb::GetSubscriptionRequest>,
    ) -> Result<Response<pb::Subscription>, Status> {
        Ok(Response::new(self.subscription_of(&request.into_inner().user_id).await?))
    }

    async fn start_payment(&self, request: Request<pb::StartPaymentRequest>) -> Result<Response<pb::Payment>, Status> {
        let p = self.start_payment_for(&request.into_inner()).await?;
        Ok(Response::new(messages::payment(&p)))
    }

    async fn get_payment(&self, request: Request<pb::GetPaymentRequest>) -> Result<Response<pb::Payment>, Status> {
        let r = request.into_inner();
        Ok(Response::new(messages::payment(&self.payment(&r.user_id, &r.payment_id).await?)))
    }

    async fn list_payments(
        &self,
        request: Request<pb::ListPaymentsRequest>,
    ) -> Result<Response<pb::ListPaymentsResponse>, Status> {
        let rows = self.payments_of(&request.into_inner().user_id).await?;
        Ok(Response::new(pb::ListPaymentsResponse { payments: rows.iter().map(messages::payment).collect() }))
    }

    async fn change_package(
        &self,
        request: Request<pb::ChangePackageRequest>,
    ) -> Result<Response<pb::Subscription>, Status> {
        let r = request.into_inner();
        Ok(Response::new(self.change_package_for(&r.user_id, &r.package_id).await?))
    }

    /// Safaricom's callback, passed through by the gateway: always acknowledged (Safaricom retries
    /// otherwise) unless its result could not be applied.
    async fn handle_mpesa_callback(
        &self,
        request: Request<pb::MpesaCallbackRequest>,
    ) -> Result<Response<pb::MpesaCallbackResponse>, Status> {
        self.take_callback(&request.into_inner().body).await?;
        Ok(Response::new(pb::MpesaCallbackResponse { result_code: 0, result_desc: "Accepted".into() }))
    }

    async fn export_account(
        &self,
        request: Request<pb::ExportAccountRequest>,
    ) -> Result<Response<pb::ExportAccountResponse>, Status> {
        Ok(Response::new(self.export(&request.into_inner().user_id).await?))
    }

    async fn delete_account(
        &self,
        request: Request<pb::DeleteAccountRequest>,
    ) -> Result<Response<pb::DeleteAccountResponse>, Status> {
        let r = request.into_inner();
        Accounts::delete_account(self, &r.user_id, r.password).await?;
        Ok(Response::new(pb::DeleteAccountResponse {}))
    }

    async fn admin_list_sellers(
        &self,
        request: Request<pb::AdminListSellersRequest>,
    ) -> Result<Response<pb::AdminListSellersResponse>, Status> {
        Ok(Response::new(self.list_sellers(&request.into_inner()).await?))
    }

    async fn admin_get_seller(
        &self,
        request: Request<pb::AdminSellerRequest>,
    ) -> Result<Response<pb::AdminSeller>, Status> {
        Ok(Response::new(self.get_seller(&request.into_inner().user_id).await?))
    }

    async fn suspend_seller(
        &self,
        request: Request<pb::AdminSellerActionRequest>,
    ) -> Result<Response<pb::AdminSeller>, Status> {
        Ok(Response::new(self.set_suspended(&request.into_inner(), true).await?))
    }

    async fn unsuspend_seller(
        &self,
        request: Request<pb::AdminSellerActionRequest>,
    ) -> Result<Response<pb::AdminSeller>, Status> {
        Ok(Response::new(self.set_suspended(&request.into_inner(), false).await?))
    }

    async fn admin_overview(
        &self,
        request: Request<pb::AdminOverviewRequest>,
    ) -> Result<Response<pb::AdminOverviewResponse>, Status> {
        Ok(Response::new(self.overview(&request.into_inner()).await?))
    }

    async fn list_audit(
        &self,
        request: Request<pb::ListAuditRequest>,
    ) -> Result<Response<pb::ListAuditResponse>, Status> {
        Ok(Response::new(self.audit_entries(&request.into_inner()).await?))
    }
}
