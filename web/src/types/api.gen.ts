// Generated from docs/openapi.json by scripts/api-types.mjs (npm run api-types): do not edit.

export interface paths {
    "/api/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete my account: sign-in ends, listings and photos are deleted, bookings on them cancelled with
         *     the customers told, payments kept with only receipt, amount, date and package; the e-mail can
         *     register again. 401 when the password is not right.
         */
        delete: operations["deleteAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/appointments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bookings of the signed-in seller's listings, newest first (My Account). */
        get: operations["sellerAppointments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/appointments/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The provider confirms a booking; the customer is e-mailed. */
        post: operations["confirmAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/appointments/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The provider declines a booking; the customer is e-mailed. */
        post: operations["declineAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/appointments/{id}/reassign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give one of the seller's upcoming bookings to another member of the team, who must do its listing,
         *     work then and be free for its whole length (409 `member_taken` otherwise). The customer is told.
         */
        post: operations["reassignAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bookings the signed-in user made while signed in: upcoming first (soonest first), then past.
         *     Each carries the token of its "Change or cancel" page.
         */
        get: operations["myBookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download my data: one JSON document (`mtaani-data.json`) with the profile, listings with photo
         *     URLs, bookings on the user's listings and made by them, payments, and contact messages.
         */
        get: operations["exportAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/favourites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's favourites, the latest saved first; a listing hidden or deleted since is
         *     answered with `available: false` and its name.
         */
        get: operations["myFavourites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/favourites/{service_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Saves a listing to the signed-in user's favourites; saving it again changes nothing. 404 for a
         *     listing not shown to the public (unless saved before); 409 past 200 favourites.
         */
        put: operations["saveFavourite"];
        post?: never;
        /** Removes a listing from the signed-in user's favourites; removing one not saved changes nothing. */
        delete: operations["removeFavourite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/hours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in seller's working plan (the default one until they save theirs). */
        get: operations["workingHours"];
        /**
         * Replace the signed-in seller's working plan; bookings from then on must fit it (bookings already
         *     made stay). 400 with a message per field (`weekly.mon`, `daysOff`, `capacity`, …).
         */
        put: operations["setWorkingHours"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/package": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change package: a lower one from the next renewal; a higher one once its payment succeeds. */
        post: operations["changePackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in seller's payments, newest first. */
        get: operations["paymentHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reviews of the signed-in seller's listings, newest first. */
        get: operations["myReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/reviews/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The seller answers a review of their listing, once; the reviewer is e-mailed. 409 when already
         *     answered.
         */
        post: operations["replyToReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in seller's own listings, hidden ones included (My Account). */
        get: operations["myServices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in seller's team, in the order the members were added. */
        get: operations["team"];
        put?: never;
        /**
         * Add a member to the team: from then on each member is one person serving one customer at a time,
         *     and the working hours' `capacity` no longer applies. 400 with a message per field.
         */
        post: operations["addTeamMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/team/{memberId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save a member's changes. A member who stops taking bookings (`active: false`, or no longer doing a
         *     listing) with upcoming bookings needs `then`: 409 `member_has_bookings` otherwise.
         */
        put: operations["saveTeamMember"];
        post?: never;
        /**
         * Remove a member from the team. With upcoming bookings it needs `then`: 409 `member_has_bookings`
         *     otherwise; nothing is ever dropped silently.
         */
        delete: operations["removeTeamMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every operator-relevant event across the services, newest first; of one kind, of one seller.
         *     Append-only: no call edits or deletes it.
         */
        get: operations["adminAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/contact-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The contact inbox, newest first: `status=new` (default) or `answered`. */
        get: operations["adminContactMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/contact-messages/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mails a reply to the message's sender (through the outbox) and marks it answered. */
        post: operations["adminReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/listings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every listing, hidden ones included: `query` in the name, `hidden=hidden|shown`. */
        get: operations["adminListings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/listings/{id}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Takes a listing out of every public list, search, detail page and cache at once, e-mails its
         *     seller the reason, and closes its open reports. Hidden is not deleted.
         */
        post: operations["adminHideListing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/listings/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Brings a hidden listing back (shown again if its seller's package is active and they are not
         *     suspended).
         */
        post: operations["adminRestoreListing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The marketplace at a glance: listings visible and hidden, new sellers and bookings this week
         *     (Monday, Nairobi), subscription revenue this month by package, payments pending, open reports,
         *     unanswered messages.
         */
        get: operations["adminOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Visitors' reports, newest first: `status=open` (default) or `closed`. */
        get: operations["adminReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Closes a report without acting on the listing. */
        post: operations["adminDismissReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reviews/{id}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Takes a review down: off the listing's page and out of its rating at once; its open reports are
         *     closed. 409 when it is hidden already.
         */
        post: operations["adminHideReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reviews/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Shows a hidden review again (and counts it in the rating). 409 when it is not hidden. */
        post: operations["adminRestoreReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sellers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sellers, newest first; `query` finds a name, e-mail or phone (07… or +254…). */
        get: operations["adminSellers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sellers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One seller: their account, package, listings (hidden ones included) and M-Pesa payments. */
        get: operations["adminSeller"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sellers/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hides every listing of the seller and blocks posting until `/unsuspend`; the seller is e-mailed. */
        post: operations["adminSuspendSeller"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sellers/{id}/unsuspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lifts a suspension: the seller may post again and their listings show if their package is active. */
        post: operations["adminUnsuspendSeller"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appointments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Book a start time with a provider (SPEC §7); no account needed, and a booking sent with a valid
         *     `Authorization: Bearer` session belongs to that account (`GET /api/account/bookings`). The time must fit the provider's working hours, notice and horizon, and
         *     the provider must have a free place for the whole length of the service. The customer is e-mailed
         *     a link to change or cancel; every e-mail and SMS about the booking is written in the language the
         *     request prefers (`Accept-Language`: `sw` or English).
         */
        post: operations["createAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appointments/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The start times of a day for one listing: bookable, full, gone; whether the provider works that
         *     day and, when nothing is left, the next day that has something.
         */
        get: operations["availability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appointments/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which days of a month can take a booking of this listing, and why the others cannot (closed, a
         *     day off, past, beyond how far ahead the provider takes bookings, fully booked).
         */
        get: operations["calendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appointments/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The booking a "Change or cancel" link stands for, with whether it may still be changed. */
        get: operations["appointmentByCancelLink"];
        put?: never;
        /** Cancel a booking with its link's token, until the provider's change notice before it starts. */
        post: operations["cancelAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appointments/invite.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The booking a "Change or cancel" link stands for as a calendar invite (`.ics`, Nairobi time): the
         *     same invite its e-mails carry, with the place, the directions and the link, in the booking's
         *     language (as its e-mails), for the customer to add to their calendar from the page that confirms it.
         */
        get: operations["appointmentInvite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/appointments/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a booking to another bookable time with its link's token, until the provider's change notice
         *     before it starts: the new time is taken and the old one freed together, or nothing changes. The
         *     provider is e-mailed; the link keeps working for the new time.
         */
        post: operations["rescheduleAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message to Mtaani (SPEC §7); at most five per connection in ten minutes. The sender's
         *     acknowledgement (and later Mtaani's reply) is written in the request's language.
         */
        post: operations["contact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The gateway is up; how each service behind it answers its health check. */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in (SPEC §7). Ten failures in 15 minutes, for an account or from a connection, lock it for
         *     the rest of the window.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user (My Account). */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/language": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Choose the language of Mtaani's e-mails and SMS to the signed-in user (a seller's new bookings,
         *     their package reminders…). Anything but `en` or `sw` is refused.
         */
        put: operations["setLanguage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1). */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The three seller packages, cheapest first. */
        get: operations["listPackages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the e-mailed link's token (once, within its hour). */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link by e-mail, written in the request's language. The answer is the
         *     same whether or not the account exists.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay for a month of the current package, or for an upgrade, with an M-Pesa STK push.
         * @description The next month is paid in the last 7 days of the month paid (the subscription's `renewableFrom`),
         *     or once it has run out; earlier, 409 `conflict`. An upgrade can be paid at any time.
         */
        post: operations["startPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/mpesa/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Safaricom's result for an STK push, passed to accounts-svc untouched; it trusts nothing in it and
         *     asks Daraja itself. Always acknowledged.
         */
        post: operations["mpesaCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A payment, by the id its start answered (the number masked): the sign-up page follows it. */
        get: operations["getPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The sign-up page's "Try again": its seller is not signed in yet; the failed payment's id stands
         *     for them, and accounts-svc allows it only for a failed first payment.
         *     Try a failed first payment again (the sign-up page's "Try again"), perhaps with another number.
         */
        post: operations["retryPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/places": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Places by name as typed (at most 10, best first), or the wards nearest a position. */
        get: operations["listPlaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A provider's public page. */
        get: operations["getProvider"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a buyer or seller account (SPEC §7). A seller's first month is paid with M-Pesa: the answer
         *     carries the payment, already sent to their phone as an STK push. The account's language (of its
         *     e-mails and SMS) is the one the request prefers (`Accept-Language`: `sw` or English).
         */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report a listing or a review to Mtaani's team (anyone, signed in or not). */
        post: operations["report"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Writes the review the link allows: 201 with it; 409 when the link was used already; 400 for a
         *     link that is not valid or has expired, or a rating outside 1 to 5.
         */
        post: operations["createReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reviews/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a review link is for: the booking's service, provider and date. 400 for a link that is not
         *     valid or has expired, 409 once it has been used.
         */
        get: operations["reviewInvite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One visible listing */
        get: operations["getService"];
        /** Change one of the seller's own listings: its fields, the photos kept and new ones */
        put: operations["editService"];
        post?: never;
        /** Delete one of the caller's own listings, with its photos. */
        delete: operations["deleteService"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/{id}/provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The provider of one visible listing: their name and working plan. */
        get: operations["getListingProvider"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A visible listing's reviews, newest first, with the average, count and distribution. */
        get: operations["serviceReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/{id}/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The members who take bookings of a listing ("Choose a stylist"); empty for a provider without a
         *     team.
         */
        get: operations["listingTeam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Visible listings, featured first then newest; or those in a location (SPEC §7) */
        get: operations["listServices"];
        put?: never;
        /** Post a listing with its photos (SPEC §7; sellers with an active package) */
        post: operations["postService"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search listings by words in their name, description, category and location (SPEC §7) */
        get: operations["searchServices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/search/scope": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How /api/services/search reads its words: the place they name and the rest */
        get: operations["searchScope"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/suggest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the search box suggests while typing: listings, categories and places */
        get: operations["suggest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/{category_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The listings of one category, none for an unknown one (SPEC §7; the home page asks per category) */
        get: operations["listCategory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subcategory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The listings of one subcategory (SPEC §7) */
        get: operations["listSubcategory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A listing's photo, as its `media[].data` (gallery) or `media[].thumbnail` (card) URL names it.
         * @description Photos are stored under unique keys and never change: browsers and proxies may keep them a year.
         */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Everything Mtaani holds about the signed-in user. */
        AccountExport: {
            accountCreatedAt: string;
            /** @description Bookings the user made while signed in. */
            bookingsIMade: components["schemas"]["Appointment"][];
            /** @description Bookings customers made on the user's listings. */
            bookingsOnMyListings: components["schemas"]["Appointment"][];
            /** @description Contact messages sent with the user's e-mail address. */
            contactMessages: components["schemas"]["ContactMessage"][];
            exportedAt: string;
            /** @description The listings the user saved with the heart. */
            favourites: components["schemas"]["Favourite"][];
            /** @description Listings with their photos' URLs. */
            listings: components["schemas"]["Service"][];
            payments: components["schemas"]["Payment"][];
            profile: components["schemas"]["User"];
            subscription?: null | components["schemas"]["Subscription"];
        };
        /**
         * @description Who an account is for.
         * @enum {string}
         */
        AccountType: "buyer" | "seller" | "admin";
        /**
         * @description Who did it.
         * @enum {string}
         */
        ActorKind: "admin" | "seller" | "visitor" | "system";
        AdminOverview: {
            /** Format: int64 */
            bookingsThisWeek: number;
            /** Format: int64 */
            listingsHidden: number;
            /** Format: int64 */
            listingsVisible: number;
            /** Format: int64 */
            newSellersThisWeek: number;
            /** Format: int64 */
            openReports: number;
            /** Format: int64 */
            paymentsPending: number;
            revenueThisMonth: components["schemas"]["PackageRevenue"][];
            /**
             * Format: int64
             * @description Ksh, every package.
             */
            revenueThisMonthTotal: number;
            /** Format: int64 */
            unansweredMessages: number;
        };
        /**
         * @description A reason for an action (required to hide a listing and suspend a seller).
         * @example {
         *       "reason": "Asks for M-Pesa payment before any service"
         *     }
         */
        AdminReason: {
            /**
             * @description 3 to 500 characters.
             * @default
             */
            reason: string;
        };
        AdminSeller: {
            createdAt: string;
            /** Format: int64 */
            listingCount: number;
            subscription?: null | components["schemas"]["Subscription"];
            suspended: boolean;
            suspendedAt?: string | null;
            suspendedReason?: string | null;
            user: components["schemas"]["User"];
        };
        AdminSellerPage: {
            listings: components["schemas"]["AdminService"][];
            payments: components["schemas"]["Payment"][];
            seller: components["schemas"]["AdminSeller"];
        };
        AdminSellers: {
            sellers: components["schemas"]["AdminSeller"][];
            /** Format: int64 */
            total: number;
        };
        /** @description A listing as the operators see it: with whether it is shown, and why an operator hid it. */
        AdminService: components["schemas"]["Service"] & {
            /** @description Taken down by an operator (why: the listing's `hiddenReason`). */
            hidden: boolean;
            /** @description Shown to the public now. */
            visible: boolean;
        };
        AdminServices: {
            services: components["schemas"]["AdminService"][];
            /** Format: int64 */
            total: number;
        };
        /**
         * @description Every error answer: what went wrong in words a person can act on, a stable code to act on it by,
         *     and for a broken rule the message per field.
         * @example {
         *       "code": "validation",
         *       "errors": {
         *         "email": "Please enter a valid email address"
         *       },
         *       "message": "Please enter a valid email address"
         *     }
         */
        ApiError: {
            /** @enum {string} */
            code: "validation" | "unauthenticated" | "bad_credentials" | "totp_required" | "suspended" | "forbidden" | "not_found" | "email_taken" | "conflict" | "slot_taken" | "outside_hours" | "member_taken" | "member_has_bookings" | "too_late_to_change" | "booking_closed" | "payment_pending" | "busy" | "rate_limited" | "too_large" | "bad_request" | "method_not_allowed" | "not_implemented" | "unavailable" | "internal";
            /** @description Validation failures: for each field, the first rule it breaks. */
            errors?: {
                [key: string]: string;
            };
            /** @description The sentence to show, in the request's language (SPEC.md's texts). */
            message: string;
        };
        /** @description A booking. */
        Appointment: {
            /**
             * @description Whether the customer may still change or cancel it by link, and until when (RFC 3339; set on
             *     the customer's views).
             */
            canChange: boolean;
            changeDeadline?: string | null;
            createdAt: string;
            date: string;
            /**
             * Format: int32
             * @description How long it takes, and the label of its end (e.g. `12:30 PM`).
             */
            durationMinutes: number;
            email: string;
            endTime: string;
            id: string;
            /**
             * @description The customer's "Change or cancel" token (in `GET /api/account/bookings`, and in the answer
             *     to the `POST /api/appointments` that made it): the page is `/appointments/cancel?token=…`.
             */
            manageToken?: string;
            member?: null | components["schemas"]["BookedMember"];
            message: string;
            name: string;
            /** @description The services of the listing's menu booked, in order; empty when booked as one service. */
            options: components["schemas"]["BookedOption"][];
            phone: string;
            provider?: null | components["schemas"]["ProviderSummary"];
            /** @description The provider's WhatsApp number, digits only ('' when none; set on the customer's views). */
            providerWhatsapp: string;
            serviceId: string;
            serviceName: string;
            /** @description `requested`, `confirmed`, `declined` or `cancelled`. */
            status: components["schemas"]["AppointmentStatus"];
            time: string;
            /**
             * Format: int64
             * @description What the booked services cost together, in whole Ksh; `null` when none was booked (the
             *     listing's price range stands).
             */
            totalKsh?: number | null;
        };
        /**
         * @description SPEC §3 "Appointment request payload", and an optional phone number.
         * @example {
         *       "date": "2027-03-14",
         *       "email": "amina@example.com",
         *       "message": "Waist-length knotless braids",
         *       "name": "Amina Wanjiru",
         *       "serviceId": "0193a000-0000-7000-8000-000000000101",
         *       "time": "9:00 AM"
         *     }
         */
        AppointmentInput: {
            /** @description `YYYY-MM-DD` (or an ISO timestamp, read as its date in Nairobi), from today to a year ahead. */
            date: string;
            /** @default  */
            email: string;
            /**
             * @description Optional: the team member asked for (`GET /api/service/{id}/team`); left out: anyone free,
             *     whom the booking assigns (its `memberId`). 409 `member_taken` when the member is not free.
             * @default
             */
            memberId: string;
            /**
             * @description Up to 1000 characters.
             * @default
             */
            message: string;
            name: string;
            /**
             * @description Optional: ids of services on the listing's menu (`options` of the listing), in the
             *     order they are done: their lengths add up to the booking's, their prices to its `totalKsh`.
             *     Left out: the listing as one service.
             * @default []
             */
            optionIds: string[];
            /** @default  */
            phone: string;
            /** @description The listing's `_id`. */
            serviceId: string;
            /** @description A slot label such as `9:00 AM` (SPEC §9: 7:00 AM to 10:30 PM in 30-minute steps). */
            time: string;
        };
        /**
         * @description Where an appointment request stands.
         * @enum {string}
         */
        AppointmentStatus: "requested" | "confirmed" | "declined" | "cancelled";
        Audit: {
            entries: components["schemas"]["AuditEntry"][];
            /** Format: int64 */
            total: number;
        };
        AuditEntry: {
            /** @description `<kind>.<verb>`, e.g. `listing.hide`, `seller.register`, `payment.paid`, `admin.sign_in`. */
            action: string;
            /** @description Empty for a visitor. */
            actorId: string;
            actorKind: components["schemas"]["ActorKind"];
            actorName: string;
            at: string;
            id: string;
            /** @description The action's kind, as `?kind=` takes it. */
            kind: string;
            /** @description The listing it concerns (its page), if any. */
            listingId?: string | null;
            /** @description The operator's reason, or a report's reason code (`report.file`); empty when there is none. */
            reason: string;
            /** @description The seller the event concerns (the console's link to them), if any. */
            sellerId?: string | null;
            targetId: string;
            targetKind: string;
            /**
             * @description The record's name when it was acted on (a seller's, a listing's, a payment's package); absent
             *     for entries written before names were kept.
             */
            targetName?: string | null;
        };
        /** @description A day's start times for one listing, as the booking dialog shows them. */
        Availability: {
            /** @description The provider takes no booking that day. */
            closed: boolean;
            date: string;
            /** Format: int32 */
            durationMinutes: number;
            /** @description The next day with a bookable start, when this one has none (`YYYY-MM-DD`). */
            nextOpenDate?: string | null;
            /** @description Starts already gone, or inside the provider's minimum notice. */
            past: string[];
            /** @description Why nothing can be booked that day, when so (in the request's language). */
            reason?: string | null;
            /** @description The starts that can be booked, in order (labels such as `10:00 AM`). */
            slots: string[];
            /** @description Starts inside the provider's working hours that are full. */
            taken: string[];
        };
        /** @description The team member of a booking. */
        BookedMember: {
            id: string;
            name: string;
        };
        /** @description A service of the menu as it was booked: its name, price and length then. */
        BookedOption: {
            /** Format: int32 */
            durationMinutes: number;
            id: string;
            name: string;
            /** Format: int64 */
            priceKsh: number;
        };
        /** @description A month of the calendar for one listing. */
        Calendar: {
            days: components["schemas"]["CalendarDay"][];
            month: string;
            nextOpenDate?: string | null;
        };
        /** @description One day of the calendar. */
        CalendarDay: {
            bookable: boolean;
            date: string;
            reason?: string | null;
        };
        /** @description What Daraja expects back from a callback. */
        CallbackAnswer: {
            /** Format: int32 */
            ResultCode: number;
            ResultDesc: string;
        };
        /** @description The token of the cancel link e-mailed to the customer. */
        CancelInput: {
            /** @default  */
            token: string;
        };
        /**
         * @description SPEC §3 "Contact payload".
         * @example {
         *       "email": "amina@example.com",
         *       "message": "How do I list my salon on Mtaani?",
         *       "name": "Amina Wanjiru",
         *       "phone": "0712345678",
         *       "subject": "Listing my salon"
         *     }
         */
        ContactInput: {
            /** @default  */
            email: string;
            /** @description 10 to 5000 characters. */
            message: string;
            /** @description 2 to 100 characters. */
            name: string;
            /** @description 10 to 15 digits after cleaning. */
            phone: string;
            /** @description 5 to 200 characters. */
            subject: string;
        };
        ContactMessage: {
            createdAt: string;
            email: string;
            id: string;
            message: string;
            name: string;
            phone: string;
            repliedAt?: string | null;
            repliedBy?: string | null;
            reply?: string | null;
            /** @description `new` or `answered`. */
            status: components["schemas"]["MessageStatus"];
            subject: string;
        };
        ContactMessages: {
            messages: components["schemas"]["ContactMessage"][];
            /** Format: int64 */
            total: number;
        };
        /** @description The stored message's id and the confirmation to show. */
        ContactSent: {
            id: string;
            /** @description In the request's language. */
            message: string;
        };
        /**
         * @description The password that confirms closing the account.
         * @example {
         *       "password": "mandazi-moto"
         *     }
         */
        DeleteAccountInput: {
            password: string;
        };
        /** @description A confirmation in words (in the request's language). */
        Done: {
            message: string;
        };
        /**
         * @description A saved listing: the listing itself while it is shown, or only its name once it is hidden or
         *     deleted ('no longer available').
         */
        Favourite: {
            /** @description False once the listing is hidden or deleted. */
            available: boolean;
            /** @description The listing's name (as it was when saved, once the listing is gone). */
            name: string;
            savedAt: string;
            service?: null | components["schemas"]["Service"];
            serviceId: string;
        };
        /** @description The signed-in user's favourites. */
        Favourites: {
            /** @description The latest saved first (at most 200). */
            favourites: components["schemas"]["Favourite"][];
        };
        Health: {
            /** @description Each service's health check: `serving`, `not_serving` or `unavailable`. */
            services: {
                [key: string]: string;
            };
            /** @description "ok" when every service serves, else "degraded". */
            status: string;
        };
        /**
         * @description A language Mtaani writes in: `en` (English) or `sw` (Kiswahili).
         * @enum {string}
         */
        Language: "en" | "sw";
        /**
         * @description The language to write to the user in.
         * @example {
         *       "language": "sw"
         *     }
         */
        LanguageInput: {
            /**
             * @description `en` (English) or `sw` (Kiswahili). Missing, like any other text, it is refused with the
             *     service's message.
             */
            language: components["schemas"]["Language"];
        };
        /**
         * @description A listing's place with the areas it lies in.
         * @example {
         *       "county": "Nairobi",
         *       "id": "nairobi~parklands",
         *       "name": "Parklands",
         *       "subCounty": "Westlands",
         *       "ward": "Parklands/Highridge"
         *     }
         */
        ListingPlace: {
            county: string;
            /** @description What `placeId` holds. */
            id: string;
            name: string;
            /** @description `null` for a town known only by its county ("Eldoret"). */
            subCounty?: string | null;
            /** @description `null` for an estate that spans several wards (its sub-county is known). */
            ward?: string | null;
        };
        /**
         * @description Who offers a listing, and when they work: what its page says under the title ("Open today
         *     9:00 AM – 7:00 PM", "Closed today · opens Monday 9:00 AM"), reckoned by the page from Nairobi's
         *     clock, so that a kept answer stays right. Not cached: a provider's name and plan are not catalog's.
         */
        ListingProvider: {
            /** @description Dates the provider does not work (`YYYY-MM-DD`), whatever their weekday. */
            daysOff: string[];
            /**
             * @description `mon` … `sun`: the working intervals of each day (`["HH:MM", "HH:MM"]`, Nairobi time); a day
             *     with none is closed.
             */
            hours: {
                [key: string]: string[][];
            };
            /** @description The listing's `sellerId`: their page is `/provider/{id}`. */
            id: string;
            name: string;
        };
        /**
         * @description SPEC §7 sign-in.
         * @example {
         *       "email": "amina@example.com",
         *       "password": "mandazi-moto",
         *       "rememberMe": true
         *     }
         */
        LoginInput: {
            /** @default  */
            email: string;
            password: string;
            /**
             * @description A session of 30 days instead of one (not for admins: theirs last 8 hours).
             * @default false
             */
            rememberMe: boolean;
            /**
             * @description An admin's 6-digit authenticator code, when the server asks for it (401 with `errors.totp`).
             * @default null
             */
            totp: string | null;
        };
        /** @description The signed-in user, and a seller's subscription. */
        Me: {
            subscription?: null | components["schemas"]["Subscription"];
            user: components["schemas"]["User"];
        };
        /** @description A photo of a listing. */
        Media: {
            /**
             * @description The photo's average colour, `#rrggbb`, which the data saver shows in its place until it is
             *     asked for; absent as `small`.
             * @example #a1b2c3
             */
            color?: string | null;
            /** @description The gallery-size image URL (1280 px on the long edge). */
            data: string;
            /** Format: int32 */
            height: number;
            /**
             * @description The same photo 720 px on the long edge, for phones; absent for photos no larger than that and
             *     for photos posted before it existed.
             */
            medium?: string | null;
            /**
             * @description The data saver's size, 320 px on the long edge (WebP); absent until made for photos posted before
             *     it existed.
             */
            small?: string | null;
            /** @description The card-size image URL. */
            thumbnail: string;
            type: string;
            /** Format: int32 */
            width: number;
        };
        /**
         * @description Whether a contact message has been answered.
         * @enum {string}
         */
        MessageStatus: "new" | "answered";
        /**
         * @example {
         *       "rating": 5,
         *       "text": "On time and lovely work.",
         *       "token": "…"
         *     }
         */
        NewReview: {
            /**
             * Format: int64
             * @description 1 to 5 stars.
             */
            rating: number;
            /**
             * @description Optional, at most 1000 characters.
             * @default
             */
            text: string;
            /**
             * @description The token from the e-mailed link (single use).
             * @default
             */
            token: string;
        };
        /** @description A seller package (SPEC §3 "Package", §9). */
        Package: {
            featured: boolean;
            features: string[];
            id: string;
            name: string;
            /** Format: int32 */
            photoUploads: number;
            /** Format: int64 */
            price: number;
            recommended: boolean;
            /** Format: int32 */
            videoUploads: number;
        };
        /**
         * @example {
         *       "packageId": "standard"
         *     }
         */
        PackageChange: {
            /** @description `basic`, `standard` or `premium`. */
            packageId: string;
        };
        PackageRevenue: {
            /**
             * Format: int64
             * @description Ksh.
             */
            amount: number;
            name: string;
            packageId: string;
            /** Format: int64 */
            payments: number;
        };
        /** @description A payment as the web app reads it. */
        Payment: {
            /** Format: int64 */
            amount: number;
            completedAt?: string | null;
            createdAt: string;
            id: string;
            message: string;
            mpesaReceipt: string;
            packageId: string;
            packageName: string;
            phoneNumber: string;
            purpose: components["schemas"]["PaymentPurpose"];
            /** Format: int32 */
            resultCode?: number | null;
            simulated: boolean;
            /** @description `pending`, `succeeded` or `failed`. */
            status: components["schemas"]["PaymentStatus"];
        };
        /** @description A renewal (no package, or the current one) or an upgrade. */
        PaymentInput: {
            /**
             * @description The package to pay for; blank for the current one.
             * @default
             */
            packageId: string;
            /**
             * @description The M-Pesa number to send the STK push to; blank for the account's own.
             * @default
             */
            phoneNumber: string;
        };
        /**
         * @description What a package payment is for: the first month, the next month, or a higher package.
         * @enum {string}
         */
        PaymentPurpose: "registration" | "renewal" | "upgrade";
        /**
         * @description Where a package payment stands.
         * @enum {string}
         */
        PaymentStatus: "pending" | "succeeded" | "failed";
        /** @description A photo as SPEC §3 sends it (a data-URL string), or with its file name. */
        Photo: string | {
            data: string;
            name?: string;
        };
        /**
         * @description A place as the API writes it (`GET /api/places`, the search box's suggestions).
         * @example {
         *       "county": "Nairobi",
         *       "id": "nairobi~lavington",
         *       "kind": "estate",
         *       "lat": -1.2833,
         *       "lng": 36.7735,
         *       "name": "Lavington",
         *       "page": "Lavington",
         *       "subCounty": "Dagoretti North"
         *     }
         */
        Place: {
            county: string;
            /** @description Stable: what a listing's `placeId` and `?placeId=` hold. */
            id: string;
            kind: string;
            /**
             * Format: double
             * @description The ward's or the estate's centre point, or the mean of a sub-county's or county's wards.
             */
            lat: number;
            /** Format: double */
            lng: number;
            name: string;
            /**
             * @description The name of its page, `/services/location/{page}`: its own name, or with its county when
             *     other places have it ("Township, Kakamega"). Absent for a ward named as its sub-county
             *     ("Kasarani"): the sub-county's page is meant by that name.
             */
            page?: string | null;
            /** @description Absent for a county. */
            subCounty?: string | null;
        };
        /**
         * @description Whole Kenyan shillings, at least 100: a number, or digits with commas as text
         * @example 1500
         * @example 1,500
         */
        Price: number | string | null;
        /** @description A provider as visitors see them. */
        Provider: {
            /**
             * @description `mon` … `sun`: the working intervals of each day (`["HH:MM", "HH:MM"]`, Nairobi time); a day
             *     with none is closed.
             */
            hours: {
                [key: string]: string[][];
            };
            /** @description The listings' `sellerId`. */
            id: string;
            /** @description Their visible listings, featured first then newest. */
            listings: components["schemas"]["Service"][];
            name: string;
            /** @description Over all their visible listings' verified reviews. */
            rating: components["schemas"]["Rating"];
            /** @description The towns their listings are in (the part after the last comma of each location), A to Z. */
            towns: string[];
        };
        /**
         * @description Who provides a booking, where and for how much (`provider` of an appointment); what could not be
         *     read just then is blank.
         */
        ProviderSummary: {
            /** @description How to find the provider once there (the floor, the door); '' when they gave none. */
            directions: string;
            /** @description The listing's location, e.g. `Kilimani, Nairobi`. */
            location: string;
            /** Format: int64 */
            maxPrice: number;
            /**
             * Format: int64
             * @description Whole Ksh (0 when the listing could not be read just then).
             */
            minPrice: number;
            /** @description The provider's name ('' when it could not be read just then). */
            name: string;
        };
        /**
         * @description The stars of verified reviews: `average` to one decimal (`null` while there are none).
         * @example {
         *       "average": 4.6,
         *       "count": 12
         *     }
         */
        Rating: {
            /** Format: double */
            average?: number | null;
            /** Format: int64 */
            count: number;
        };
        /** @description Which member serves a booking from now on. */
        ReassignInput: {
            /** @default  */
            memberId: string;
        };
        /**
         * @description SPEC §3 "Register payload".
         * @example {
         *       "accountType": "buyer",
         *       "email": "amina@example.com",
         *       "password": "mandazi-moto",
         *       "phoneNumber": "0712 345 678",
         *       "userName": "Amina Wanjiru"
         *     }
         */
        RegisterInput: {
            /**
             * @description `buyer` or `seller`.
             * @default
             */
            accountType: string;
            /** @default  */
            email: string;
            /**
             * @description Sellers only: `basic`, `standard` or `premium`.
             * @default
             */
            packageId: string;
            /** @description 8 to 128 characters. */
            password: string;
            /** @description 10 to 15 digits after cleaning; Kenyan numbers may start with 0. */
            phoneNumber: string;
            /** @description First and last name joined by a space, each at least 2 characters. */
            userName: string;
        };
        Registered: {
            /** @description In the request's language. */
            message: string;
            payment?: null | components["schemas"]["Payment"];
            subscription?: null | components["schemas"]["Subscription"];
            user: components["schemas"]["User"];
        };
        /**
         * @example {
         *       "message": "Habari Amina, you can list your salon from Sign up → Seller."
         *     }
         */
        ReplyInput: {
            /** @description 2 to 5000 characters. */
            message: string;
        };
        Report: {
            createdAt: string;
            details: string;
            id: string;
            /** @description `listing` or `review`. */
            kind: string;
            listing?: null | components["schemas"]["AdminService"];
            /** @description `scam`, `offensive`, `misleading`, `duplicate` or `other`. */
            reason: components["schemas"]["ReportReason"];
            resolution?: null | components["schemas"]["ReportResolution"];
            /** @description Once closed: the operator's reason (reports closed before it was kept have none). */
            resolutionReason?: string | null;
            review?: null | components["schemas"]["Review"];
            /** @description `open` or `closed`. */
            status: components["schemas"]["ReportStatus"];
            targetId: string;
        };
        /**
         * @description A report of a listing or of a review: a reason from the list, and optional details.
         * @example {
         *       "details": "Asked me to pay a deposit by M-Pesa before the appointment.",
         *       "id": "0193a000-0000-7000-8000-0000000000a1",
         *       "kind": "listing",
         *       "reason": "scam"
         *     }
         */
        ReportInput: {
            /**
             * @description At most 1000 characters.
             * @default null
             */
            details: string | null;
            /**
             * @description The listing's or the review's id.
             * @default
             */
            id: string;
            /**
             * @description `listing` or `review`.
             * @default
             */
            kind: string;
            /**
             * @description `scam`, `offensive`, `misleading`, `duplicate` or `other`.
             * @default
             */
            reason: string;
        };
        /**
         * @description Why a listing was reported.
         * @enum {string}
         */
        ReportReason: "scam" | "offensive" | "misleading" | "duplicate" | "other";
        /**
         * @description What was done about a closed report.
         * @enum {string}
         */
        ReportResolution: "hidden" | "dismissed";
        ReportSent: {
            id: string;
            /** @description In the request's language. */
            message: string;
        };
        /**
         * @description Whether a report is still to be looked at.
         * @enum {string}
         */
        ReportStatus: "open" | "closed";
        Reports: {
            reports: components["schemas"]["Report"][];
            /** Format: int64 */
            total: number;
        };
        /** @description A new time for a booking, chosen on its "Change or cancel" page. */
        RescheduleInput: {
            /**
             * @description `YYYY-MM-DD`.
             * @default
             */
            date: string;
            /**
             * @description Optional (a provider with a team): the member to move to. Left out: the booking's own member
             *     when free then, else anyone free who does the listing.
             * @default
             */
            memberId: string;
            /**
             * @description A start label such as `11:00 AM`.
             * @default
             */
            time: string;
            /** @default  */
            token: string;
        };
        ResetConfirmInput: {
            /** @description The new password, 8 to 128 characters. */
            password: string;
            /**
             * @description The token of the e-mailed link.
             * @default
             */
            token: string;
        };
        /**
         * @example {
         *       "email": "amina@example.com"
         *     }
         */
        ResetRequestInput: {
            /** @default  */
            email: string;
        };
        RetryInput: {
            /**
             * @description The M-Pesa number to try; blank for the one tried before.
             * @default
             */
            phoneNumber: string;
        };
        /**
         * @description A review as shown: the stars, the words, who (first name and last initial) and when (the month).
         *     Every review comes from a booking that took place.
         */
        Review: {
            createdAt: string;
            /** @description Only in the operator console, on a review an operator took down. */
            hidden?: boolean;
            id: string;
            /** @description When it was written, e.g. "November 2026" (the page says the month, not the day). */
            month: string;
            /** Format: int32 */
            rating: number;
            reply?: null | components["schemas"]["ReviewReply"];
            /** @description First name and last initial, e.g. "Wanjiru K.". */
            reviewer: string;
            serviceId: string;
            serviceName: string;
            /** @description May be empty: the stars alone. */
            text: string;
            /** @description Always true: a review can only come from a booking ('Verified booking'). */
            verified: boolean;
        };
        /** @description What an invitation's link is for. */
        ReviewInvite: {
            /** @description The booking's day and start (Nairobi): `YYYY-MM-DD`, `HH:MM`. */
            date: string;
            /** @description Until when the link works. */
            expiresAt: string;
            providerName: string;
            /** @description The customer as their review will show them. */
            reviewer: string;
            serviceId: string;
            serviceName: string;
            time: string;
        };
        ReviewReply: {
            createdAt: string;
            text: string;
        };
        /**
         * @example {
         *       "text": "Thank you, see you next time!"
         *     }
         */
        ReviewReplyBody: {
            /**
             * @description At most 1000 characters.
             * @default
             */
            text: string;
        };
        /** @description A listing's reviews with their summary. */
        Reviews: {
            /** @description How many gave 1, 2, 3, 4 and 5 stars (in that order). */
            distribution?: number[] | null;
            rating?: null | components["schemas"]["Rating"];
            reviews: components["schemas"]["Review"][];
            /**
             * Format: int64
             * @description How many in all (pages of `limit`).
             */
            total: number;
        };
        /**
         * @description How a search's words were read: the place they name, which filters the search, and the
         *     other words; whether nothing there has them all, so that the search answers the nearest matches
         *     anywhere instead ("No massage in Nairobi yet. The nearest:").
         * @example {
         *       "nearby": true,
         *       "place": {
         *         "county": "Nairobi",
         *         "id": "nairobi",
         *         "name": "Nairobi",
         *         "subCounty": null,
         *         "ward": null
         *       },
         *       "total": 2,
         *       "wanted": {
         *         "kind": "beauty/asmr-massage",
         *         "noneOfIt": false,
         *         "words": "massage"
         *       },
         *       "words": "massage"
         *     }
         */
        SearchScope: {
            /** @description True when no listing in `place` matched every word: the search answers the nearest matches. */
            nearby: boolean;
            place?: null | components["schemas"]["ListingPlace"];
            /**
             * Format: int64
             * @description How many listings the search answers in all.
             */
            total: number;
            wanted?: null | components["schemas"]["SearchWanted"];
            /**
             * @description The words looked for in the listings, as read (lower case, without the place and such words as
             *     "in").
             */
            words: string;
        };
        /** @description The kind of service a search's words name outright, and whether anything of it is listed. */
        SearchWanted: {
            /**
             * @description A subcategory ("hair/braiding"), a category ("photography"), or a kind Mtaani has no
             *     subcategory for ("barber").
             */
            kind: string;
            /**
             * @description True when nothing of that kind is listed: the search answers what is nearest in meaning
             *     ("No kinyozi listed yet. Close to it:").
             */
            noneOfIt: boolean;
            /** @description The words that named it, as read ("kinyozi"). */
            words: string;
        };
        /** @description A seller's package as the session keeps it. */
        SellerPackage: {
            name: string;
            packageId: string;
            /** Format: int32 */
            photoUploads: number;
        };
        /** @description A listing as the web app reads it (SPEC §3 "Service (as read from the server)"). */
        Service: {
            _id: string;
            category: string;
            /**
             * @description With `distanceKm` only: true when the provider travels that far (`servesRadiusKm` reaches
             *     the visitor), so comes to them.
             */
            comesToYou?: boolean | null;
            createdAt: string;
            description: string;
            /**
             * @description How to find the provider once in the area (the floor, the door, a landmark), as the provider
             *     wrote it; `""` when they gave none.
             * @example Upstairs above Naivas, 2nd floor, blue door
             */
            directions: string;
            /**
             * Format: double
             * @description Lists and searches from a place only (`near`, `placeId`, or a place the search's words name):
             *     the real km from there to the listing's place, to one decimal, whether or not the provider
             *     travels; absent for a listing without a place.
             * @example 12.4
             */
            distanceKm?: number | null;
            /**
             * Format: int32
             * @description How long one booking takes: 30 to 600 minutes, in steps of 30.
             */
            durationMinutes: number;
            featured: boolean;
            /** @description Only on a listing Mtaani's team took down (its seller's own list, the console): why. */
            hiddenReason?: string | null;
            location: string;
            /** Format: int64 */
            maxPrice: number;
            media: components["schemas"]["Media"][];
            /** Format: int64 */
            minPrice: number;
            name: string;
            /**
             * @description A listing's own answer only (`GET /api/service/{id}`): its link preview's picture, a 1200 × 630
             *     JPEG made from the first photo (absent until made, and without photos).
             */
            ogImage?: string | null;
            /**
             * @description Its service menu in the provider's order; empty for a listing priced as one
             *     service. With a menu, `minPrice` and `maxPrice` are its cheapest and its dearest service.
             */
            options: components["schemas"]["ServiceOption"][];
            phoneNumber: string;
            place?: null | components["schemas"]["ListingPlace"];
            /** @description Its verified reviews: the average stars and how many. */
            rating: components["schemas"]["Rating"];
            sellerId: string;
            /**
             * Format: int32
             * @description How far the provider travels to customers from their place, in km (0: they do not).
             */
            servesRadiusKm: number;
            subcategory: string;
        };
        /**
         * @description A listing as a seller posts or edits it (SPEC §3 "Service creation payload"); the photos are
         *     JPEG, PNG or WebP files as data URLs, at most 5 MB each, as many as the seller's package allows.
         * @example {
         *       "category": "hair",
         *       "description": "Neat knotless braids that last, gentle on your edges. By appointment.",
         *       "images": [
         *         "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
         *       ],
         *       "location": "Kilimani, Nairobi",
         *       "maxPrice": "4,500",
         *       "minPrice": 1500,
         *       "name": "Knotless Braids by Amina",
         *       "phoneNumber": "0712 345 678",
         *       "subcategory": "braiding"
         *     }
         */
        ServiceInput: {
            /** @default  */
            category: string;
            /** @default  */
            description: string;
            /**
             * @description Optional: how to find the provider once in the area, at most 300 characters once trimmed;
             *     `""` removes them. Left out: none for a new listing, and an edit keeps the listing's own.
             * @default null
             */
            directions: string | null;
            /**
             * Format: int64
             * @description How long one booking takes: 30 to 600 minutes in steps of 30 (default 60).
             * @default null
             */
            durationMinutes: number | null;
            /** @default [] */
            images: components["schemas"]["Photo"][];
            /**
             * @description Editing: the photos already stored that stay (their `data` URLs).
             * @default []
             */
            keepMedia: string[];
            /** @default  */
            location: string;
            /** @default null */
            maxPrice: components["schemas"]["Price"];
            /** @default null */
            minPrice: components["schemas"]["Price"];
            /** @default  */
            name: string;
            /**
             * @description Optional: the service menu, 0 to 30 services, each with its name (2 to 80 characters), price
             *     (100 to 10,000,000 Ksh) and length (30 to 600 minutes in steps of 30). With services,
             *     `minPrice` and `maxPrice` are left out (or ignored): the cheapest and the dearest service
             *     price the listing. `[]` removes the menu; left out: none for a new listing, and an edit keeps
             *     the listing's own. An option sent with the `id` of one of the listing's keeps it.
             * @default null
             */
            options: components["schemas"]["ServiceOptionInput"][] | null;
            /** @default  */
            phoneNumber: string;
            /**
             * @description Optional: the provider's ward or estate, a place's `id` from `GET /api/places`; `""` or left
             *     out: the one place the location text names, if it names one (an edit that leaves it out and
             *     keeps its location keeps its place).
             * @default null
             */
            placeId: string | null;
            /**
             * @description Optional: how far the provider travels to customers, in km, one of the distances the form offers (0: they do not). Left out: 0 for a new listing, and an edit keeps the listing's own.
             * @enum {integer}
             */
            servesRadiusKm?: 0 | 5 | 10 | 15 | 20 | 30 | 50;
            /** @default  */
            subcategory: string;
        };
        /**
         * @description One service on a listing's menu: what a booking's `optionIds` name.
         * @example {
         *       "durationMinutes": 180,
         *       "id": "0193a7c2-5b1e-7e11-9c3a-1f2e3d4c5b6a",
         *       "name": "Knotless, shoulder length",
         *       "priceKsh": 2500
         *     }
         */
        ServiceOption: {
            /**
             * Format: int32
             * @description How long it takes: 30 to 600 minutes, in steps of 30.
             */
            durationMinutes: number;
            /** @description Stable while the provider keeps the option on the menu. */
            id: string;
            name: string;
            /**
             * Format: int64
             * @description Whole Kenyan shillings.
             */
            priceKsh: number;
        };
        /**
         * @description One service on the menu as a seller writes it.
         * @example {
         *       "durationMinutes": 180,
         *       "name": "Knotless, shoulder length",
         *       "priceKsh": 2500
         *     }
         */
        ServiceOptionInput: {
            /** Format: int64 */
            durationMinutes: number;
            /**
             * @description The option's `id` when it is one already on the listing's menu; left out for a new one.
             * @default null
             */
            id: string | null;
            /** @default  */
            name: string;
            /** @default null */
            priceKsh: components["schemas"]["Price"];
        };
        /** @description A session (SPEC §3 "Login response"). */
        Session: {
            /** @description Send it as `Authorization: Bearer <token>`. */
            token: string;
            user: components["schemas"]["User"];
        };
        /**
         * @description The orders of the public lists.
         * @enum {string}
         */
        Sort: "recommended" | "rating" | "price_asc" | "price_desc" | "newest" | "distance";
        /** @description A seller's package subscription. */
        Subscription: {
            packageId: string;
            packageName: string;
            paidUntil?: string | null;
            pendingPackageId?: string | null;
            pendingPayment?: null | components["schemas"]["Payment"];
            /** Format: int64 */
            price: number;
            /**
             * @description When the next month can be paid (the last 7 days of the month paid); null when it can be
             *     paid now. A renewal before then is refused (409).
             */
            renewableFrom?: string | null;
            /** @description `pending_payment`, `active`, `grace` or `expired`. */
            status: components["schemas"]["SubscriptionStatus"];
        };
        /**
         * @description Where a seller's package stands.
         * @enum {string}
         */
        SubscriptionStatus: "pending_payment" | "active" | "grace" | "expired";
        /**
         * @example {
         *       "category": "beauty",
         *       "subcategory": "nails"
         *     }
         */
        SuggestedCategory: {
            category: string;
            /** @description `null`: the whole category. */
            subcategory?: string | null;
        };
        /**
         * @example {
         *       "category": "beauty",
         *       "id": "0193a2b4-…",
         *       "name": "Gel & Acrylic Nail Studio",
         *       "place": "Parklands",
         *       "subcategory": "nails"
         *     }
         */
        SuggestedListing: {
            category: string;
            id: string;
            name: string;
            /** @description Its place's name; `null` without one. */
            place?: string | null;
            subcategory: string;
        };
        /** @description The search box's suggestions while typing: listings, categories and places. */
        Suggestions: {
            /** @description At most 3 categories or subcategories the words name or mean ("kucha": beauty / nails). */
            categories: components["schemas"]["SuggestedCategory"][];
            /** @description At most 5 listings, as the search ranks them. */
            listings: components["schemas"]["SuggestedListing"][];
            /** @description At most 3 places. */
            places: components["schemas"]["Place"][];
        };
        /**
         * @description A member of the provider's team.
         * @example {
         *       "active": true,
         *       "daysOff": [
         *         "2026-12-24"
         *       ],
         *       "id": "0193a7c2-5b1e-7e11-9c3a-1f2e3d4c5b6a",
         *       "listingIds": [
         *         "0193a000-0000-7000-8000-000000000101"
         *       ],
         *       "name": "Akinyi",
         *       "phone": "+254712345678",
         *       "photo": "/media/team/6a/0193a7c25b1e7e119c3a1f2e3d4c5b6a-192.webp",
         *       "weekly": {
         *         "fri": [
         *           [
         *             "09:00",
         *             "17:00"
         *           ]
         *         ],
         *         "mon": [],
         *         "sat": [
         *           [
         *             "09:00",
         *             "14:00"
         *           ]
         *         ],
         *         "sun": [],
         *         "thu": [
         *           [
         *             "09:00",
         *             "17:00"
         *           ]
         *         ],
         *         "tue": [
         *           [
         *             "09:00",
         *             "17:00"
         *           ]
         *         ],
         *         "wed": [
         *           [
         *             "09:00",
         *             "17:00"
         *           ]
         *         ]
         *       }
         *     }
         */
        TeamMember: {
            /** @description Takes bookings. */
            active: boolean;
            /** @description Their own days off besides the provider's (`YYYY-MM-DD`). */
            daysOff?: string[] | null;
            id: string;
            /** @description The provider's listings they do. */
            listingIds: string[];
            name: string;
            /**
             * @description Their own number for the SMS of their own bookings (`+254…`); absent on the listing's page,
             *     `""` when none.
             */
            phone?: string | null;
            /** @description Their photo (a 192 px square), or `null`. */
            photo?: string | null;
            /**
             * @description Their own week inside the provider's working hours (they work where both say so); `null`:
             *     the provider's hours. Absent on the listing's page.
             */
            weekly?: {
                [key: string]: string[][];
            } | null;
        };
        /**
         * @description A member as the seller adds or edits them.
         * @example {
         *       "active": true,
         *       "listingIds": [
         *         "0193a000-0000-7000-8000-000000000101"
         *       ],
         *       "name": "Akinyi",
         *       "phone": "0712 345 678",
         *       "weekly": null
         *     }
         */
        TeamMemberInput: {
            /**
             * @description Takes bookings; left out: true.
             * @default true
             */
            active: boolean | null;
            /** @default [] */
            daysOff: string[];
            /**
             * @description At least one of the seller's listings.
             * @default []
             */
            listingIds: string[];
            /**
             * @description 2 to 100 characters.
             * @default
             */
            name: string;
            /**
             * @description Optional: their own mobile number for the SMS of their bookings.
             * @default
             */
            phone: string;
            /**
             * @description Optional: their photo, a JPEG, PNG or WebP file as a data URL (at most 5 MB, checked as a
             *     listing's photos are), or the `photo` URL they have; `""` removes it; left out or `null`: an
             *     edit keeps theirs.
             * @default null
             */
            photo: string | null;
            /**
             * @description Their own week, as the provider's working hours write it (`mon` … `sun`); left out or `null`:
             *     the provider's hours.
             * @default null
             */
            weekly: {
                [key: string]: string[][];
            } | null;
        };
        /** @description How many upcoming bookings a removal moved and cancelled. */
        TeamRemoval: {
            /** Format: int64 */
            cancelled: number;
            /** Format: int64 */
            moved: number;
        };
        /** @description The user as the web app stores it in its session (SPEC §3). */
        User: {
            /** @description `buyer`, `seller` or `admin`. */
            accountType: components["schemas"]["AccountType"];
            email: string;
            id: string;
            /**
             * @description What Mtaani's e-mails and SMS to the user are written in (`PUT /api/me/language`): set at
             *     registration from the request's `Accept-Language`. Always sent; optional in the document so
             *     that a client's stored sessions from before it (and their fixtures) stay valid.
             */
            language?: components["schemas"]["Language"];
            phoneNumber: string;
            sellerPackage?: null | components["schemas"]["SellerPackage"];
            userName: string;
        };
        /**
         * @description The provider's plan. Intervals are `["HH:MM", "HH:MM"]` in Nairobi time on the 30-minute grid,
         *     inside 07:00–23:00, not overlapping, at most three a day; a day with none is closed.
         * @example {
         *       "capacity": 1,
         *       "changeNoticeMinutes": 120,
         *       "daysOff": [
         *         "2026-12-25"
         *       ],
         *       "horizonDays": 60,
         *       "instantBooking": true,
         *       "minNoticeMinutes": 120,
         *       "weekly": {
         *         "fri": [
         *           [
         *             "08:00",
         *             "18:00"
         *           ]
         *         ],
         *         "mon": [
         *           [
         *             "08:00",
         *             "13:00"
         *           ],
         *           [
         *             "14:00",
         *             "18:00"
         *           ]
         *         ],
         *         "sat": [
         *           [
         *             "09:00",
         *             "14:00"
         *           ]
         *         ],
         *         "sun": [],
         *         "thu": [
         *           [
         *             "08:00",
         *             "18:00"
         *           ]
         *         ],
         *         "tue": [
         *           [
         *             "08:00",
         *             "18:00"
         *           ]
         *         ],
         *         "wed": [
         *           [
         *             "08:00",
         *             "18:00"
         *           ]
         *         ]
         *       }
         *     }
         */
        WorkingHours: {
            /**
             * Format: int32
             * @description How many customers the provider serves at once (chairs, staff): 1 to 20.
             */
            capacity: number;
            /**
             * Format: int32
             * @description Until how long before the start a customer may change or cancel by link: 0 to 2880.
             * @default 0
             */
            changeNoticeMinutes: number;
            /**
             * @description Dates the provider does not work (`YYYY-MM-DD`).
             * @default []
             */
            daysOff: string[];
            /**
             * Format: int32
             * @description How many days ahead bookings are taken: 1 to 365.
             */
            horizonDays: number;
            /**
             * @description Bookings inside the plan are confirmed at once (true), or each is a request the provider
             *     confirms or declines (false). Left out of a `PUT`: kept as it was (a provider who never saved
             *     a plan takes bookings instantly).
             * @default true
             */
            instantBooking: boolean;
            /**
             * Format: int32
             * @description How long before a start it can still be booked: 0 to 2880.
             * @default 0
             */
            minNoticeMinutes: number;
            /** @description `mon` … `sun`: each day's working intervals (required; a day left out is closed). */
            weekly: {
                [key: string]: string[][];
            };
        };
    };
    responses: {
        /** @description The request is not valid: unreadable JSON or query parameters, a field of the wrong type, or a rule broken (then `errors` holds the message for each field). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description Not possible in the current state (already taken, already answered or cancelled). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description Signed in, but not allowed (not a seller, a package that is not active, not yours). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description An unexpected failure, logged with the request id (`X-Request-Id`). */
        Internal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description The listings, featured first; `X-Total-Count` says how many match in all */
        Listings: {
            headers: {
                /** @description `no-cache`: revalidate every time */
                "Cache-Control"?: string;
                /** @description Sent back as `If-None-Match`, it gets a 304 while nothing changed */
                ETag?: string;
                /** @description How many listings match in all */
                "X-Total-Count"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Service"][];
            };
        };
        /** @description Nothing by that id. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description Unchanged since the `ETag` sent in `If-None-Match` */
        NotModified: {
            headers: {
                /** @description The same tag */
                ETag?: string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The body is larger than this route takes; refused before it is read when its length is declared. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description Too many attempts from this connection or for this account; wait and try again. */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description No session token, or it is not valid any more: sign in again. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description A service behind the gateway is down or busy; try again shortly. */
        Unavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description The body is not sent as JSON (`Content-Type: application/json`). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteAccountInput"];
            };
        };
        responses: {
            /** @description The account is closed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    sellerAppointments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bookings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    confirmAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The booking's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    declineAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The booking's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Declined */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    reassignAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The booking's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReassignInput"];
            };
        };
        responses: {
            /** @description Given to the member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    myBookings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bookings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    exportAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's data, as a download */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    myFavourites: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The favourites */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Favourites"];
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    saveFavourite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listing's `_id` */
                service_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Favourite"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    removeFavourite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listing's `_id` */
                service_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed (or was not saved) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    workingHours: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkingHours"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    setWorkingHours: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkingHours"];
            };
        };
        responses: {
            /** @description Saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkingHours"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    changePackage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PackageChange"];
            };
        };
        responses: {
            /** @description The subscription with its pending change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    paymentHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    myReviews: {
        parameters: {
            query?: {
                /** @description At most this many (default 48, capped at 1000). */
                limit?: number;
                /** @description Skip this many. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reviews */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reviews"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    replyToReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The review's `id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewReplyBody"];
            };
        };
        responses: {
            /** @description The review with its reply */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    myServices: {
        parameters: {
            query?: {
                /** @description At most this many (default 48, capped at 1000). */
                limit?: number;
                /** @description Skip this many. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The seller's listings, newest first */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    team: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMember"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    addTeamMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeamMemberInput"];
            };
        };
        responses: {
            /** @description Added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMember"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    saveTeamMember: {
        parameters: {
            query?: {
                /**
                 * @description `move` (to `moveTo`, or to anyone free then) or `cancel` (each customer is told). Left out
                 *     while the member has upcoming bookings: 409 `member_has_bookings`, saying how many.
                 */
                then?: string;
                /** @description The member to move them to. */
                moveTo?: string;
            };
            header?: never;
            path: {
                /** @description The member's id */
                memberId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeamMemberInput"];
            };
        };
        responses: {
            /** @description Saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMember"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    removeTeamMember: {
        parameters: {
            query?: {
                /**
                 * @description `move` (to `moveTo`, or to anyone free then) or `cancel` (each customer is told). Left out
                 *     while the member has upcoming bookings: 409 `member_has_bookings`, saying how many.
                 */
                then?: string;
                /** @description The member to move them to. */
                moveTo?: string;
            };
            header?: never;
            path: {
                /** @description The member's id */
                memberId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamRemoval"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminAudit: {
        parameters: {
            query?: {
                /**
                 * @description Only events of this kind: `listing`, `review`, `report`, `seller`, `payment`, `admin` (sign-ins
                 *     and admin accounts) or `contact`.
                 */
                kind?: "listing" | "review" | "report" | "seller" | "payment" | "admin" | "contact";
                /** @description Only events concerning this seller (their id). */
                seller?: string;
                /** @description 1 to 100 (default 20). */
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the log */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Audit"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminContactMessages: {
        parameters: {
            query?: {
                /** @description `new` or `answered` (messages), `open` or `closed` (reports). */
                status?: string;
                /** @description Words to find (listings: in the name; sellers: name, e-mail or phone). */
                query?: string;
                /** @description Listings: `hidden` or `shown`. */
                hidden?: string;
                /** @description 1 to 100 (default 20). */
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactMessages"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminReply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The message */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplyInput"];
            };
        };
        responses: {
            /** @description Answered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminListings: {
        parameters: {
            query?: {
                /** @description `new` or `answered` (messages), `open` or `closed` (reports). */
                status?: string;
                /** @description Words to find (listings: in the name; sellers: name, e-mail or phone). */
                query?: string;
                /** @description Listings: `hidden` or `shown`. */
                hidden?: string;
                /** @description 1 to 100 (default 20). */
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of listings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminServices"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminHideListing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listing */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminReason"];
            };
        };
        responses: {
            /** @description Hidden */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminService"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminRestoreListing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listing */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminReason"];
            };
        };
        responses: {
            /** @description Restored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminService"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOverview"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminReports: {
        parameters: {
            query?: {
                /** @description `new` or `answered` (messages), `open` or `closed` (reports). */
                status?: string;
                /** @description Words to find (listings: in the name; sellers: name, e-mail or phone). */
                query?: string;
                /** @description Listings: `hidden` or `shown`. */
                hidden?: string;
                /** @description 1 to 100 (default 20). */
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reports */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reports"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminDismissReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The report */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminReason"];
            };
        };
        responses: {
            /** @description Closed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Report"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminHideReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The review */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminReason"];
            };
        };
        responses: {
            /** @description Hidden */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminRestoreReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The review */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminReason"];
            };
        };
        responses: {
            /** @description Shown again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminSellers: {
        parameters: {
            query?: {
                /** @description `new` or `answered` (messages), `open` or `closed` (reports). */
                status?: string;
                /** @description Words to find (listings: in the name; sellers: name, e-mail or phone). */
                query?: string;
                /** @description Listings: `hidden` or `shown`. */
                hidden?: string;
                /** @description 1 to 100 (default 20). */
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sellers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSellers"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminSeller: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The seller */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The seller */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSellerPage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminSuspendSeller: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The seller */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminReason"];
            };
        };
        responses: {
            /** @description Suspended */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSellerPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    adminUnsuspendSeller: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The seller */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminReason"];
            };
        };
        responses: {
            /** @description Suspension lifted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSellerPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createAppointment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeating the request with the same key answers the first result instead of doing it again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppointmentInput"];
            };
        };
        responses: {
            /** @description Booked: `confirmed` at once when the provider takes bookings instantly (their working hours' `instantBooking`), else `requested` until they confirm it */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    availability: {
        parameters: {
            query?: {
                serviceId?: string;
                date?: string;
                /**
                 * @description Services of the listing's menu, comma-separated (`optionIds=a,b`): the starts fit all of them
                 *     one after the other. Left out: the listing as one service.
                 */
                optionIds?: string;
                /**
                 * @description A team member: only their free starts. Left out: a start is free when any member who does the
                 *     listing is.
                 */
                memberId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The day's start times */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Availability"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    calendar: {
        parameters: {
            query?: {
                serviceId?: string;
                /** @description `YYYY-MM`. */
                month?: string;
                /** @description As for `availability`. */
                optionIds?: string;
                memberId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The month's days */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Calendar"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    appointmentByCancelLink: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelInput"];
            };
        };
        responses: {
            /** @description Cancelled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    appointmentInvite: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invite (RFC 5545) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    rescheduleAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RescheduleInput"];
            };
        };
        responses: {
            /** @description Moved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    contact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeating the request with the same key answers the first result instead of doing it again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactInput"];
            };
        };
        responses: {
            /** @description Stored; an e-mail goes out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactSent"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Always 200 while the gateway runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginInput"];
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    setLanguage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LanguageInput"];
            };
        };
        responses: {
            /** @description Changed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    listPackages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The packages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Package"][];
                };
            };
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetConfirmInput"];
            };
        };
        responses: {
            /** @description Changed; sign in with it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Done"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetRequestInput"];
            };
        };
        responses: {
            /** @description Sent if the account exists */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Done"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    startPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeating the request with the same key answers the first result instead of doing it again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentInput"];
            };
        };
        responses: {
            /** @description Started: the phone shows the PIN prompt */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    mpesaCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Daraja's STK callback: any body, even none */
        requestBody?: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Acknowledged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallbackAnswer"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The payment's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    retryPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The failed payment's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RetryInput"];
            };
        };
        responses: {
            /** @description Started again */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPlaces: {
        parameters: {
            query?: {
                /**
                 * @description What the visitor typed: every word begins a word of the place's name (or of its sub-county or
                 *     county), one typo forgiven in words of four letters or more.
                 */
                query?: string;
                /** @description `LAT,LNG` (the phone's position): the wards nearest to it, nearest first. */
                near?: string;
                /**
                 * @description A place page's name (`/services/location/{name}`: "Kasarani", "Kilimani, Nairobi"): the one
                 *     place it is, or none when it is no place's or several places' name.
                 */
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description At most 10 places, best first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Place"][];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider: a listing's `sellerId` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Provider"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeating the request with the same key answers the first result instead of doing it again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterInput"];
            };
        };
        responses: {
            /** @description Created; sign in next */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Registered"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    report: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportInput"];
            };
        };
        responses: {
            /** @description Reported */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportSent"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createReview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewReview"];
            };
        };
        responses: {
            /** @description Published */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    reviewInvite: {
        parameters: {
            query?: {
                /** @description The token from the e-mailed link. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking to review */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewInvite"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getService: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of an answer already held: 304 when it is still the answer. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The listing's `_id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The listing */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    editService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listing's `_id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceInput"];
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listing's `_id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getListingProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listing's `_id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The listing's provider */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListingProvider"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    serviceReviews: {
        parameters: {
            query?: {
                /** @description At most this many (default 48, capped at 1000). */
                limit?: number;
                /** @description Skip this many. */
                offset?: number;
            };
            header?: {
                /** @description The `ETag` of an answer already held: 304 when it is still the answer. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The listing's `_id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reviews */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reviews"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listingTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listing's `_id` */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who can be chosen */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMember"][];
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listServices: {
        parameters: {
            query?: {
                /**
                 * @description A town or area; blank for all
                 * @example Kisumu
                 */
                location?: string;
                /** @description At most this many (default 48, capped at 1000). */
                limit?: number;
                /** @description Skip this many. */
                offset?: number;
                /**
                 * @description `recommended` (the default: featured first, newest next), `rating` (best average first),
                 *     `price_asc`, `price_desc`, `newest`, or `distance` (nearest first: the default from `near`
                 *     or `placeId`; without either, as `recommended`).
                 */
                sort?: components["schemas"]["Sort"];
                /**
                 * @description The visitor's position, `LAT,LNG` in Kenya (e.g. the phone's): distances are measured from it.
                 * @example -1.2176,36.8969
                 */
                near?: string;
                /**
                 * @description A place's id (`GET /api/places`): distances are measured from its centre (unless `near` is
                 *     given), and a county or sub-county keeps the listings that lie in it.
                 * @example nairobi.kasarani
                 */
                placeId?: string;
                /**
                 * @description Only listings at most this far, 0 to 500 km, and those whose provider comes this far to the
                 *     visitor (`comesToYou`: they serve the visitor, though their `distanceKm` is larger); needs
                 *     `near` or `placeId`.
                 * @example 10
                 */
                radiusKm?: number;
            };
            header?: {
                /** @description The `ETag` of an answer already held: 304 when it is still the answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Listings"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    postService: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeating the request with the same key answers the first result instead of doing it again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceInput"];
            };
        };
        responses: {
            /** @description Posted */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    searchServices: {
        parameters: {
            query?: {
                /**
                 * @description The words searched for (the first 200 characters); a place named is a filter.
                 * @example massage nairobi
                 */
                query?: string;
                /** @description At most this many (default 48, capped at 1000). */
                limit?: number;
                /** @description Skip this many. */
                offset?: number;
                /**
                 * @description `recommended` (the default: the best match; the nearest first when nothing in the place the
                 *     words name matches), `distance` (nearest first, from the place the words name, else from `near`
                 *     or `placeId`; without any, the best match), `rating`, `price_asc`, `price_desc` or `newest`.
                 *     In every order, listings with every word come before those with fewer.
                 */
                sort?: components["schemas"]["Sort"];
                /**
                 * @description The visitor's position, `LAT,LNG` in Kenya (e.g. the phone's): distances are measured from it.
                 * @example -1.2176,36.8969
                 */
                near?: string;
                /**
                 * @description A place's id (`GET /api/places`): distances are measured from its centre (unless `near` is
                 *     given), and a county or sub-county keeps the listings that lie in it.
                 * @example nairobi.kasarani
                 */
                placeId?: string;
                /**
                 * @description Only listings at most this far, 0 to 500 km, and those whose provider comes this far to the
                 *     visitor (`comesToYou`: they serve the visitor, though their `distanceKm` is larger); needs
                 *     `near` or `placeId`.
                 * @example 10
                 */
                radiusKm?: number;
            };
            header?: {
                /** @description The `ETag` of an answer already held: 304 when it is still the answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Listings"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    searchScope: {
        parameters: {
            query?: {
                /**
                 * @description The words searched for (the first 200 characters); a place named is a filter.
                 * @example massage nairobi
                 */
                query?: string;
                /**
                 * @description The visitor's position, `LAT,LNG` in Kenya (e.g. the phone's): distances are measured from it.
                 * @example -1.2176,36.8969
                 */
                near?: string;
                /**
                 * @description A place's id (`GET /api/places`): distances are measured from its centre (unless `near` is
                 *     given), and a county or sub-county keeps the listings that lie in it.
                 * @example nairobi.kasarani
                 */
                placeId?: string;
                /**
                 * @description Only listings at most this far, 0 to 500 km, and those whose provider comes this far to the
                 *     visitor (`comesToYou`: they serve the visitor, though their `distanceKm` is larger); needs
                 *     `near` or `placeId`.
                 * @example 10
                 */
                radiusKm?: number;
            };
            header?: {
                /** @description The `ETag` of an answer already held: 304 when it is still the answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How the words were read */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchScope"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    suggest: {
        parameters: {
            query?: {
                /**
                 * @description What is typed so far (the first 100 characters); under two letters, nothing is suggested
                 * @example manic
                 */
                query?: string;
            };
            header?: {
                /** @description The `ETag` of an answer already held: 304 when it is still the answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The suggestions */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Suggestions"];
                };
            };
            304: components["responses"]["NotModified"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listCategory: {
        parameters: {
            query?: {
                /** @description At most this many (default 48, capped at 1000). */
                limit?: number;
                /** @description Skip this many. */
                offset?: number;
                /**
                 * @description `recommended` (the default: featured first, newest next), `rating` (best average first),
                 *     `price_asc`, `price_desc`, `newest`, or `distance` (nearest first: the default from `near`
                 *     or `placeId`; without either, as `recommended`).
                 */
                sort?: components["schemas"]["Sort"];
                /**
                 * @description The visitor's position, `LAT,LNG` in Kenya (e.g. the phone's): distances are measured from it.
                 * @example -1.2176,36.8969
                 */
                near?: string;
                /**
                 * @description A place's id (`GET /api/places`): distances are measured from its centre (unless `near` is
                 *     given), and a county or sub-county keeps the listings that lie in it.
                 * @example nairobi.kasarani
                 */
                placeId?: string;
                /**
                 * @description Only listings at most this far, 0 to 500 km, and those whose provider comes this far to the
                 *     visitor (`comesToYou`: they serve the visitor, though their `distanceKm` is larger); needs
                 *     `near` or `placeId`.
                 * @example 10
                 */
                radiusKm?: number;
            };
            header?: {
                /** @description The `ETag` of an answer already held: 304 when it is still the answer. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description A category id, e.g. `hair` or `flowers-gifts`
                 * @example hair
                 */
                category_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Listings"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listSubcategory: {
        parameters: {
            query: {
                /**
                 * @description `/services/{category}/{subcategory}`
                 * @example /services/hair/braiding
                 */
                subcategory: string;
                /** @description At most this many (default 48, capped at 1000). */
                limit?: number;
                /** @description Skip this many. */
                offset?: number;
                /**
                 * @description `recommended` (the default: featured first, newest next), `rating` (best average first),
                 *     `price_asc`, `price_desc`, `newest`, or `distance` (nearest first: the default from `near`
                 *     or `placeId`; without either, as `recommended`).
                 */
                sort?: components["schemas"]["Sort"];
                /**
                 * @description The visitor's position, `LAT,LNG` in Kenya (e.g. the phone's): distances are measured from it.
                 * @example -1.2176,36.8969
                 */
                near?: string;
                /**
                 * @description A place's id (`GET /api/places`): distances are measured from its centre (unless `near` is
                 *     given), and a county or sub-county keeps the listings that lie in it.
                 * @example nairobi.kasarani
                 */
                placeId?: string;
                /**
                 * @description Only listings at most this far, 0 to 500 km, and those whose provider comes this far to the
                 *     visitor (`comesToYou`: they serve the visitor, though their `distanceKm` is larger); needs
                 *     `near` or `placeId`.
                 * @example 10
                 */
                radiusKm?: number;
            };
            header?: {
                /** @description The `ETag` of an answer already held: 304 when it is still the answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Listings"];
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The photo's key: the rest of the path after `/media/` */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The photo (WebP) */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": number[];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
}
