CREATE TABLE "local_gateway_payment" (
	"payment_key" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"customer_name" text NOT NULL,
	"status" text NOT NULL,
	"total_amount" bigint NOT NULL,
	"balance_amount" bigint NOT NULL,
	"card_number" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"confirm_key" text,
	"confirm_times_out" boolean DEFAULT false NOT NULL,
	"cancels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "local_gateway_payment_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "local_gateway_payment_status_check" CHECK ("local_gateway_payment"."status" in ('READY', 'IN_PROGRESS', 'WAITING_FOR_DEPOSIT', 'DONE', 'CANCELED', 'PARTIAL_CANCELED', 'ABORTED', 'EXPIRED')),
	CONSTRAINT "local_gateway_payment_amount_check" CHECK ("local_gateway_payment"."total_amount" > 0),
	CONSTRAINT "local_gateway_payment_balance_check" CHECK ("local_gateway_payment"."balance_amount" >= 0 and "local_gateway_payment"."balance_amount" <= "local_gateway_payment"."total_amount")
);
