#!/bin/sh
# The README's quick start, against a running service: a shipment from draft to invoice, a webhook
# endpoint with a local receiver, and a tour with a driver session for the driver's app. Each step
# prints the call it makes and what came back. Needs curl and node (which the service needs anyway).
#
#   BASE=http://localhost:3000 KEY=sk_test_… sh examples/quickstart.sh
#
# The webhook step needs the service started with WEBHOOK_ALLOW_PRIVATE_TARGETS=1 (development
# only: it lets endpoints use http and local addresses); without it that step says so and the rest runs.
set -eu

BASE=${BASE:-http://localhost:3000}
KEY=${KEY:?set KEY to the sk_test_ key the first start printed}
RECEIVER_PORT=${RECEIVER_PORT:-4001}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
RECEIVER_PID=
trap 'if [ -n "$RECEIVER_PID" ]; then kill "$RECEIVER_PID" 2>/dev/null || true; fi; rm -rf "$WORK"' EXIT

# call METHOD PATH [BODY]: prints the call, its status and its body (JSON shortened); the body is kept in $WORK/body.
# BODY is JSON text or @file. Extra headers go in $HEADER (one, optional).
call() {
  method=$1 path=$2 body=${3:-}
  printf '\n> %s %s\n' "$method" "$path"
  set -- -s -o "$WORK/body" -w '%{http_code}' -X "$method" "$BASE$path" -H "Authorization: Bearer $KEY"
  if [ -n "${HEADER:-}" ]; then set -- "$@" -H "$HEADER"; fi
  if [ -n "$body" ]; then set -- "$@" -H 'Content-Type: application/json' --data-binary "$body"; fi
  STATUS=$(curl "$@") || { echo "  could not reach $BASE: is the service running (npm start)?"; exit 1; }
  printf '< %s ' "$STATUS"
  node -e '
    const text = require("fs").readFileSync(process.argv[1], "utf8");
    let shown;
    try { shown = JSON.stringify(JSON.parse(text)); } catch { shown = text; }
    console.log(shown.length > 400 ? shown.slice(0, 400) + " …" : shown);
  ' "$WORK/body"
}

# field NAME: a field of the last answer (dots for nested fields).
field() {
  node -e 'const v = process.argv[2].split(".").reduce((o, k) => o?.[k], JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))); console.log(v ?? "")' "$WORK/body" "$1"
}

expect() {
  if [ "$STATUS" != "$1" ]; then echo "  expected $1: stopping here"; exit 1; fi
}

step() { printf '\n== %s\n' "$1"; }

step '1. Who am I (the key, its organisation and mode)'
call GET /v1/whoami
expect 200

step '2. A shipment from examples/shipment.json, issued, then delivered by the sandbox simulation'
HEADER="Idempotency-Key: quickstart-$(date +%s)-$$"
call POST /v1/shipments "@$HERE/shipment.json"
HEADER=
expect 201
SHIPMENT=$(field id)
echo "  SHIPMENT=$SHIPMENT"
call POST "/v1/shipments/$SHIPMENT/issue"
expect 200
call POST "/v1/test/shipments/$SHIPMENT/simulate" '{"action": "deliver"}'
expect 200
call GET "/v1/shipments/$SHIPMENT/pod"
expect 200
call GET "/v1/shipments/$SHIPMENT/integrity"
expect 200

step '3. The invoicing profile (the carrier of the example sells), then the e-invoice of the delivered shipment'
PROFILE='{
  "legal_name": "Van den Berg Transport B.V.",
  "vat_number": "NL856712345B01",
  "registration_number": "12345678",
  "peppol_endpoint": {"scheme": "0106", "id": "12345678"},
  "iban": "NL91 ABNA 0417 1643 00",
  "bic": "ABNANL2A",
  "payment_terms_days": 30,
  "invoice_number_prefix": "VDB-2026-",
  "vat_rate": "21"
}'
echo "$PROFILE"
call PUT /v1/invoicing-profile "$PROFILE"
expect 200
call POST "/v1/shipments/$SHIPMENT/invoice"
expect 201

step "4. A webhook endpoint to a receiver on 127.0.0.1:$RECEIVER_PORT, and its test delivery"
node -e '
  const [port, file] = process.argv.slice(1);
  require("http").createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d)).on("end", () => {
      require("fs").appendFileSync(file, `${req.method} ${req.url} service-signature: ${req.headers["service-signature"] ?? "-"}\n${body}\n`);
      res.end("ok");
    });
  }).listen(Number(port), "127.0.0.1");
' "$RECEIVER_PORT" "$WORK/received" &
RECEIVER_PID=$!
sleep 1
call POST /v1/webhook-endpoints "{\"url\": \"http://127.0.0.1:$RECEIVER_PORT/hooks\", \"events\": [\"*\"]}"
if [ "$STATUS" = 201 ]; then
  ENDPOINT=$(field id)
  echo "  ENDPOINT=$ENDPOINT (its secret verifies the signatures: docs/webhooks.md)"
  call POST "/v1/webhook-endpoints/$ENDPOINT/test"
  echo "  the receiver got:"
  sed 's/^/  | /' "$WORK/received" 2>/dev/null | cut -c1-200 || echo "  | (nothing yet)"
else
  echo "  a local receiver needs the service started with WEBHOOK_ALLOW_PRIVATE_TARGETS=1 (development only); skipping"
fi

step '5. A tour for the driver app: a second shipment, issued, with its pickup and delivery as the stops of one driver'
HEADER="Idempotency-Key: quickstart-tour-$(date +%s)-$$"
call POST '/v1/shipments?issue=true' "@$HERE/shipment.json"
HEADER=
expect 201
TOUR_SHIPMENT=$(field id)
PHONE=${DRIVER_PHONE:-+48601234567}
call POST /v1/tours "{
  \"name\": \"Quick start run\",
  \"date\": \"$(date -u +%Y-%m-%d)\",
  \"driver\": {\"name\": \"Piotr Nowak\", \"phone\": \"$PHONE\", \"language\": \"en\"},
  \"stops\": [{\"shipment_id\": \"$TOUR_SHIPMENT\", \"kind\": \"pickup\"}, {\"shipment_id\": \"$TOUR_SHIPMENT\", \"kind\": \"delivery\"}]
}"
expect 201
TOUR=$(field id)
echo "  TOUR=$TOUR"
call POST /v1/test/driver-sessions "{\"phone\": \"$PHONE\"}"
expect 201
echo "  the driver's app: $BASE/driver (sign in with $PHONE and the code the server prints when no SMS_URL is set)"
echo "  or call the driver API with this sandbox session: curl -H \"Authorization: Bearer $(field token)\" $BASE/v1/driver/tours"

printf '\nDone: shipment %s (delivered, invoiced), tour %s. The console (%s/console) shows their events.\n' "$SHIPMENT" "$TOUR" "$BASE"
