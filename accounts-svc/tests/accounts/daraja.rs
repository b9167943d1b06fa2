//! The Daraja client against the Daraja-compatible server on loopback (accounts_svc::testing): the OAuth
//! token (cached, renewed when revoked), the STK push with its password and fields checked the way
//! Safaricom checks them, Daraja's error answers, and the STK query while pending and when done.

use std::sync::atomic::Ordering;

use accounts_svc::mpesa::{DarajaError, QueryAnswer};
use accounts_svc::testing::{SECRET, client, push, start_fake};

#[tokio::test]
async fn pushes_and_queries_like_daraja_wants_them() {
    let (fake, addr) = start_fake().await;
    let daraja = client(addr, SECRET);
    let now = chrono::Utc::now();

    let first = daraja.stk_push(&push("254712345678"), now).await.unwrap();
    assert_eq!(first.checkout_request_id, "ws_CO_26112026120001");
    let second = daraja.stk_push(&push("254712345678"), now).await.unwrap();
    assert_eq!(fake.tokens_issued.load(Ordering::SeqCst), 1, "the token is cached");
    let sent = fake.pushes.lock().unwrap()[0].clone();
    assert_eq!((sent["Amount"].as_i64(), sent["AccountReference"].as_str()), (Some(1500), Some("MTAANI-STD-0")));

    // Daraja's own refusals come back with its code; a revoked token is renewed on the next call.
    match daraja.stk_push(&push("254000"), now).await {
        Err(DarajaError::Refused { status: 400, code, message }) => {
            assert_eq!((code.as_str(), message.as_str()), ("400.002.02", "Bad Request - Invalid PhoneNumber"));
        }
        other => panic!("{other:?}"),
    }
    fake.revoke_next.store(true, Ordering::SeqCst);
    assert!(matches!(daraja.stk_push(&push("254712345678"), now).await, Err(DarajaError::Refused { status: 401, .. })));
    assert!(daraja.stk_push(&push("254712345678"), now).await.is_ok());
    assert_eq!(fake.tokens_issued.load(Ordering::SeqCst), 2);

    assert_eq!(daraja.stk_query(&first.checkout_request_id, now).await.unwrap(), QueryAnswer::Pending);
    fake.answer_query(&first.checkout_request_id, 0);
    fake.answer_query(&second.checkout_request_id, 1032);
    match daraja.stk_query(&first.checkout_request_id, now).await.unwrap() {
        QueryAnswer::Done(o) => {
            assert_eq!((o.result_code, o.checkout_request_id.as_str()), (0, "ws_CO_26112026120001"))
        }
        QueryAnswer::Pending => panic!("answered by now"),
    }
    match daraja.stk_query(&second.checkout_request_id, now).await.unwrap() {
        QueryAnswer::Done(o) => assert_eq!(o.result_code, 1032),
        QueryAnswer::Pending => panic!("answered by now"),
    }

    let wrong = client(addr, "not-the-secret");
    assert!(matches!(wrong.stk_push(&push("254712345678"), now).await, Err(DarajaError::Refused { status: 400, .. })));
}
