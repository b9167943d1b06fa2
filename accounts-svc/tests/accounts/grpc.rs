//! accounts-svc through its real gRPC interface, on SQLite and on PostgreSQL.

use accounts_svc::Config;
use mtaani_proto::accounts::v1::{self as pb, accounts_service_client::AccountsServiceClient};
use mtaani_runtime::testing::{Running, TestDb};
use sqlx::Row;
use tonic::transport::Channel;

fn config(db: &TestDb) -> Config {
    Config::embedded("127.0.0.1:0".parse().unwrap(), db.config.clone(), "127.0.0.1:9".into())
}

/// accounts-svc on `db` (with the demo sellers or without), and a client connected to it.
async fn start(db: &TestDb, seed_demo: bool) -> (Running<tonic::transport::Error>, AccountsServiceClient<Channel>) {
    let mut config = config(db);
    config.seed_demo = seed_demo;
    let accounts = accounts_svc::start(&config).await.expect("accounts starts");
    let server = Running::start(None, |l, stop| accounts_svc::serve(accounts, l, stop)).await;
    let client = AccountsServiceClient::connect(server.url()).await.expect("a client connects");
    (server, client)
}

#[tokio::test]
async fn packages_demo_sellers_and_health_on_both_backends() {
    for db in TestDb::both("accounts") {
        let (server, mut client) = start(&db, true).await;

        let packages = client.list_packages(pb::ListPackagesRequest {}).await.unwrap().into_inner().packages;
        let summary: Vec<_> =
            packages.iter().map(|p| (p.id.as_str(), p.price, p.photo_uploads, p.recommended)).collect();
        assert_eq!(summary, [("basic", 800, 1, false), ("standard", 1500, 2, true), ("premium", 2500, 3, false)]);
        assert!(packages[2].featured && !packages[2].features.is_empty());

        // Demo sellers exist once, with argon2id hashes and active subscriptions; a restart adds none.
        let pool = mtaani_runtime::db::connect(&db.config, &accounts_svc::MIGRATOR).await.unwrap().pool;
        let rows =
            sqlx::query("SELECT u.password_hash, s.status FROM users u JOIN subscriptions s ON s.user_id = u.id")
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(rows.len(), 6, "{}", db.name);
        for r in &rows {
            assert!(r.get::<String, _>("password_hash").starts_with("$argon2id$"));
            assert_eq!(r.get::<String, _>("status"), "active");
        }
        assert_eq!(accounts_svc::seed::run_if_empty(&pool).await.unwrap(), 0);

        assert_eq!(
            mtaani_runtime::testing::health_status(&server.url(), "accounts.v1.AccountsService").await,
            mtaani_runtime::testing::SERVING
        );
        pool.close().await;
        server.stop().await;
        db.cleanup().await;
    }
}

mod people {
    use super::*;
    use base64::Engine;
    use mtaani_proto::{messaging::v1 as msg, status::field_errors, text::said, token};
    use prost::Message;
    use tonic::Code;

    const SECRET: &[u8] = b"test-secret-test-secret-test-secret!";

    fn register(
        name: &str,
        email: &str,
        phone: &str,
        password: &str,
        kind: &str,
        package: &str,
    ) -> pb::RegisterRequest {
        pb::RegisterRequest {
            user_name: name.into(),
            email: email.into(),
            phone_number: phone.into(),
            password: password.into(),
            account_type: kind.into(),
            package_id: package.into(),
            idempotency_key: String::new(),
            language: String::new(),
        }
    }

    fn login(email: &str, password: &str, remember_me: bool) -> pb::LoginRequest {
        pb::LoginRequest { email: email.into(), password: password.into(), remember_me, totp: String::new() }
    }

    /// The reset link's token, read back from the notification the service stored for messaging-svc.
    async fn reset_token_sent(pool: &sqlx::AnyPool) -> String {
        let n = last_notification(pool).await;
        let Some(msg::send_notification_request::Kind::PasswordReset(r)) = n.kind else { panic!("not a reset") };
        assert!(r.reset_url.starts_with("http://127.0.0.1:8080/reset-password?token="));
        r.reset_url.split("token=").nth(1).unwrap().to_owned()
    }

    #[tokio::test]
    async fn registration_sign_in_and_reset_on_both_backends() {
        for db in TestDb::both("accounts") {
            let (server, mut c) = start(&db, false).await;
            let name = db.name;

            // A buyer registers; the phone is stored in international form.
            let buyer = c
                .register(register("Amina Wanjiru", "Amina@Example.com", "0712 345 678", "kahawa-tamu", "buyer", ""))
                .await
                .unwrap()
                .into_inner();
            let user = buyer.user.unwrap();
            assert_eq!((user.user_name.as_str(), user.phone_number.as_str()), ("Amina Wanjiru", "+254712345678"));
            assert!(buyer.subscription.is_none() && user.seller_package.is_none());

            // The same e-mail in other letters is taken.
            let dup = c
                .register(register("Amina Other", "amina@EXAMPLE.com", "0712345678", "kahawa-tamu", "buyer", ""))
                .await
                .unwrap_err();
            assert_eq!((dup.code(), dup.message()), (Code::AlreadyExists, "An account with this email already exists"));

            // Every rule answers with the spec's message, per field.
            let bad = c.register(register("A", "no-at-sign", "12345", "short", "buyer", "")).await.unwrap_err();
            assert_eq!(bad.code(), Code::InvalidArgument, "{name}");
            let errors = field_errors(&bad);
            for (field, message) in [
                ("firstName", "First name must be at least 2 characters"),
                ("lastName", "Last name must be at least 2 characters"),
                ("email", "Please enter a valid email address"),
                ("phoneNumber", "Please enter a valid phone number"),
                ("password", "Password must be at least 8 characters"),
            ] {
                assert!(errors.contains(&(field.into(), message.into())), "{field}: {errors:?}");
            }
            let no_package = c
                .register(register("Njeri Mwangi", "njeri@example.com", "0722000000", "kahawa-tamu", "seller", "gold"))
                .await
                .unwrap_err();
            assert_eq!(no_package.message(), "Please choose a seller package");

            // A seller registers with a package: the subscription waits for its first payment (an STK
            // push is sent at once; tests/payments.rs follows it).
            let seller = c
                .register(register(
                    "Njeri Mwangi",
                    "njeri@example.com",
                    "+254 722 000 123",
                    "kahawa-tamu",
                    "seller",
                    "standard",
                ))
                .await
                .unwrap()
                .into_inner();
            let s = seller.subscription.unwrap();
            assert_eq!((s.package_id.as_str(), s.status), ("standard", pb::SubscriptionStatus::PendingPayment as i32));
            assert_eq!(s.paid_until, 0);
            let payment = seller.payment.expect("the first month's payment started");
            assert_eq!((payment.amount, payment.phone_number.as_str()), (1500, "+254722000123"));
            assert_eq!(seller.user.unwrap().seller_package.unwrap().photo_uploads, 2);

            // Sign-in: a verifiable token, a day long or 30 days with remember-me.
            let session = c.login(login("NJERI@example.com", "kahawa-tamu", false)).await.unwrap().into_inner();
            let claims = token::verify(SECRET, &session.token).unwrap();
            assert_eq!(claims.role, "seller");
            assert_eq!(claims.exp - claims.iat, 86_400);
            let remembered = c.login(login("njeri@example.com", "kahawa-tamu", true)).await.unwrap().into_inner();
            let claims = token::verify(SECRET, &remembered.token).unwrap();
            assert_eq!(claims.exp - claims.iat, 30 * 86_400);
            let user = session.user.unwrap();
            assert_eq!(user.seller_package.unwrap().package_id, "standard");

            // One message for a wrong password and for an unknown account.
            let wrong = c.login(login("njeri@example.com", "wrong-password", false)).await.unwrap_err();
            let unknown = c.login(login("nobody@example.com", "kahawa-tamu", false)).await.unwrap_err();
            for e in [&wrong, &unknown] {
                assert_eq!((e.code(), e.message()), (Code::Unauthenticated, "Invalid email or password"));
            }
            assert_eq!(
                c.login(login("x", "", false)).await.unwrap_err().message(),
                "Please enter a valid email address"
            );
            assert_eq!(c.login(login("a@b.co", "", false)).await.unwrap_err().message(), "Password is required");

            // My Account and what the seller may do.
            let me = c.get_me(pb::GetMeRequest { user_id: claims.sub.clone() }).await.unwrap().into_inner();
            assert_eq!(me.subscription.unwrap().package_name, "Standard");
            let e = c
                .get_seller_entitlement(pb::GetSellerEntitlementRequest { user_id: claims.sub.clone() })
                .await
                .unwrap()
                .into_inner();
            assert!(e.is_seller && !e.can_post && e.photo_uploads == 2 && !e.featured, "not before the first payment");
            // The embedded run's demo M-Pesa approves the push after about two seconds.
            mtaani_runtime::testing::eventually(
                "posting open once paid",
                std::time::Duration::from_secs(10),
                async || {
                    let r = pb::GetSellerEntitlementRequest { user_id: claims.sub.clone() };
                    c.clone().get_seller_entitlement(r).await.unwrap().into_inner().can_post
                },
            )
            .await;
            let buyer_id = token::verify(
                SECRET,
                &c.login(login("amina@example.com", "kahawa-tamu", false)).await.unwrap().into_inner().token,
            )
            .unwrap()
            .sub;
            let b = c
                .get_seller_entitlement(pb::GetSellerEntitlementRequest { user_id: buyer_id })
                .await
                .unwrap()
                .into_inner();
            assert!(!b.is_seller && !b.can_post);

            // Password reset: the same answer for unknown addresses, a single-use link for known ones.
            let pool = mtaani_runtime::db::connect(&db.config, &accounts_svc::MIGRATOR).await.unwrap().pool;
            c.request_password_reset(pb::RequestPasswordResetRequest {
                email: "nobody@example.com".into(),
                language: String::new(),
            })
            .await
            .unwrap();
            let stored: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM notification_outbox").fetch_one(&pool).await.unwrap();
            assert_eq!(stored, 0);
            c.request_password_reset(pb::RequestPasswordResetRequest {
                email: "Njeri@example.com".into(),
                language: String::new(),
            })
            .await
            .unwrap();
            let token = reset_token_sent(&pool).await;
            let short = c
                .reset_password(pb::ResetPasswordRequest { token: token.clone(), new_password: "short".into() })
                .await
                .unwrap_err();
            assert_eq!(short.message(), "Password must be at least 8 characters");
            c.reset_password(pb::ResetPasswordRequest { token: token.clone(), new_password: "chai-ya-asubuhi".into() })
                .await
                .unwrap();
            assert!(c.login(login("njeri@example.com", "chai-ya-asubuhi", false)).await.is_ok());
            assert!(c.login(login("njeri@example.com", "kahawa-tamu", false)).await.is_err());
            let again = c
                .reset_password(pb::ResetPasswordRequest { token, new_password: "another-one-1".into() })
                .await
                .unwrap_err();
            assert_eq!(again.message(), "This reset link is invalid or has expired.");
            let forged = c
                .reset_password(pb::ResetPasswordRequest {
                    token: "made-up".into(),
                    new_password: "another-one-1".into(),
                })
                .await
                .unwrap_err();
            assert_eq!(forged.message(), "This reset link is invalid or has expired.");

            // messaging-svc is not running here: the notification stays stored, to be retried.
            let sent: Option<i64> = mtaani_runtime::testing::eventually(
                "the forwarder's first try",
                std::time::Duration::from_secs(10),
                async || {
                    let row = sqlx::query("SELECT sent_at, attempts FROM notification_outbox")
                        .fetch_one(&pool)
                        .await
                        .unwrap();
                    (row.get::<i64, _>("attempts") >= 1).then(|| row.get("sent_at"))
                },
            )
            .await;
            assert_eq!(sent, None);

            pool.close().await;
            server.stop().await;
            db.cleanup().await;
        }
    }

    /// A registration sent again with the same Idempotency-Key (a retry after a lost answer) answers
    /// the account the first one created, and a seller's first payment, instead of "already exists".
    #[tokio::test]
    async fn a_repeated_registration_answers_the_first_on_both_backends() {
        for db in TestDb::both("accounts") {
            let (server, mut c) = start(&db, false).await;
            let name = db.name;
            let keyed = |r: pb::RegisterRequest, key: &str| pb::RegisterRequest { idempotency_key: key.into(), ..r };

            let buyer = register("Amina Wanjiru", "amina@example.com", "0712345678", "kahawa-tamu", "buyer", "");
            let first = c.register(keyed(buyer.clone(), "key-1")).await.unwrap().into_inner().user.unwrap();
            let again = c.register(keyed(buyer.clone(), "key-1")).await.unwrap().into_inner().user.unwrap();
            assert_eq!(again.id, first.id, "{name}");
            // Without the key, with another key or with another password, the address is taken.
            for other in [
                keyed(buyer.clone(), ""),
                keyed(buyer.clone(), "key-2"),
                keyed(pb::RegisterRequest { password: "another-password".into(), ..buyer.clone() }, "key-1"),
            ] {
                let e = c.register(other).await.unwrap_err();
                assert_eq!((e.code(), e.message()), (Code::AlreadyExists, "An account with this email already exists"));
            }
            // Another address with the same key is another account.
            let other = register("Baraka Otieno", "baraka@example.com", "0712345679", "kahawa-tamu", "buyer", "");
            let other = c.register(keyed(other, "key-1")).await.unwrap().into_inner().user.unwrap();
            assert_ne!(other.id, first.id);

            // A seller's repeated registration answers the same first payment; none more is started.
            let seller =
                register("Njeri Mwangi", "njeri@example.com", "0722000123", "kahawa-tamu", "seller", "standard");
            let one = c.register(keyed(seller.clone(), "key-3")).await.unwrap().into_inner();
            let two = c.register(keyed(seller.clone(), "key-3")).await.unwrap().into_inner();
            let (p1, p2) = (one.payment.unwrap(), two.payment.unwrap());
            assert_eq!((p1.id.as_str(), one.user.unwrap().id), (p2.id.as_str(), two.user.unwrap().id), "{name}");

            // Stopped between the account and its payment (a crash, a cancelled call): the repeat
            // starts the payment the first attempt did not.
            let late = register("Fatuma Hassan", "fatuma@example.com", "0722000124", "kahawa-tamu", "seller", "basic");
            let created = c.register(keyed(late.clone(), "key-4")).await.unwrap().into_inner();
            let pool = mtaani_runtime::db::connect(&db.config, &accounts_svc::MIGRATOR).await.unwrap().pool;
            let user_id = created.user.unwrap().id;
            sqlx::query("DELETE FROM payments WHERE user_id = $1").bind(&user_id).execute(&pool).await.unwrap();
            let repeated = c.register(keyed(late, "key-4")).await.unwrap().into_inner();
            assert_eq!(repeated.user.unwrap().id, user_id);
            assert_eq!(repeated.payment.expect("the first payment started now").amount, 800);
            let payments: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE user_id = $1")
                .bind(&user_id)
                .fetch_one(&pool)
                .await
                .unwrap();
            assert_eq!(payments, 1, "{name}");

            pool.close().await;
            server.stop().await;
            db.cleanup().await;
        }
    }

    /// The last notification the service stored for messaging-svc.
    async fn last_notification(pool: &sqlx::AnyPool) -> msg::SendNotificationRequest {
        let payload: String =
            sqlx::query_scalar("SELECT payload FROM notification_outbox ORDER BY created_at DESC, id DESC LIMIT 1")
                .fetch_one(pool)
                .await
                .unwrap();
        let bytes = base64::engine::general_purpose::STANDARD.decode(payload).unwrap();
        msg::SendNotificationRequest::decode(bytes.as_slice()).unwrap()
    }

    /// Kiswahili (issue 21): an account keeps the language it registered in, changed with
    /// SetLanguage (only to one we write in), returned with the user; a password reset is written in
    /// the language it was asked in.
    #[tokio::test]
    async fn each_user_has_a_language_on_both_backends() {
        for db in TestDb::both("accounts") {
            let (server, mut c) = start(&db, false).await;
            let pool = mtaani_runtime::db::connect(&db.config, &accounts_svc::MIGRATOR).await.unwrap().pool;
            let user_of = |r: pb::RegisterResponse| r.user.unwrap();

            let mut kiswahili = register("Neema Auma", "neema@example.com", "0712345699", "kahawa-tamu", "buyer", "");
            kiswahili.language = "sw".into();
            let neema = user_of(c.register(kiswahili).await.unwrap().into_inner());
            assert_eq!(neema.language, "sw", "{}", db.name);
            let mut unknown = register("Baraka Otieno", "baraka@example.com", "0712345698", "kahawa-tamu", "buyer", "");
            unknown.language = "fr".into();
            let baraka = user_of(c.register(unknown).await.unwrap().into_inner());
            assert_eq!(baraka.language, "en", "a language we do not write in is English");

            // Changed, only to a language we write in, and only for an open account.
            let set = |user_id: &str, language: &str| pb::SetLanguageRequest {
                user_id: user_id.into(),
                language: language.into(),
            };
            for wrong in ["fr", "", "sw-KE", "kiswahili"] {
                let e = c.set_language(set(&baraka.id, wrong)).await.unwrap_err();
                assert_eq!(e.code(), Code::InvalidArgument, "{wrong:?}");
                assert_eq!(field_errors(&e), [("language".to_owned(), said::choose_language().to_string())]);
            }
            let nobody = c.set_language(set("0193a000-0000-7000-8000-999999999999", "sw")).await.unwrap_err();
            assert_eq!(nobody.code(), Code::Unauthenticated);
            c.set_language(set(&baraka.id, "SW")).await.unwrap();
            let me = c.get_me(pb::GetMeRequest { user_id: baraka.id.clone() }).await.unwrap().into_inner();
            assert_eq!(me.user.unwrap().language, "sw");
            let signed_in = c.login(login("baraka@example.com", "kahawa-tamu", false)).await.unwrap().into_inner();
            assert_eq!(signed_in.user.unwrap().language, "sw");
            c.set_language(set(&neema.id, "en")).await.unwrap();
            let me = c.get_me(pb::GetMeRequest { user_id: neema.id.clone() }).await.unwrap().into_inner();
            assert_eq!(me.user.unwrap().language, "en");

            // A reset is written in the language it was asked in, whatever the account's.
            let ask = |language: &str| pb::RequestPasswordResetRequest {
                email: "neema@example.com".into(),
                language: language.into(),
            };
            c.request_password_reset(ask("sw")).await.unwrap();
            assert_eq!(last_notification(&pool).await.language, "sw", "{}", db.name);
            c.request_password_reset(ask("")).await.unwrap();
            assert_eq!(last_notification(&pool).await.language, "en");

            pool.close().await;
            server.stop().await;
            db.cleanup().await;
        }
    }
}
