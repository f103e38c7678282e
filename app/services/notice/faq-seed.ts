import { formatNumber } from "#app/i18n/message";
import type { FaqTab } from "./tabs";

interface FaqSeed {
  ko: { q: string; a: string };
  en: { q: string; a: string };
}

/**
 * The starting FAQ, in both languages, answering the product's rules as they are. Administrators edit the entries
 * afterwards on /admin/community; the welcome amount comes from the server's WELCOME_POINTS setting.
 */
export function faqSeeds({ welcomePoints }: { welcomePoints: number }): Record<FaqTab, FaqSeed[]> {
  const welcome = `${formatNumber(welcomePoints)}P`;
  return {
    users: [
      {
        ko: {
          q: "가입 축하 포인트는 언제 받나요?",
          a: `가입 후 첫 로그인 프로필을 모두 작성하면 환영 화면에서 가입 축하 포인트 ${welcome}를 드립니다. 계정마다 한 번만 받을 수 있으며, 받은 포인트는 마이 > 포인트에서 확인할 수 있습니다.`,
        },
        en: {
          q: "When do I get the welcome points?",
          a: `Once you complete your first-login profile, the welcome screen grants you ${welcome} in welcome points. Each account receives them only once; you can see them under My > Points.`,
        },
      },
      {
        ko: {
          q: "휴대폰 인증 코드가 오지 않아요.",
          a: "휴대폰 번호는 010으로 시작하는 11자리로 입력해 주세요. 하이픈(-)이나 띄어쓰기는 넣어도 되고 빼도 됩니다. 인증 코드는 연속으로 최대 5번까지 보낼 수 있고, 5번을 넘기면 '인증 코드 발송 횟수를 초과했습니다'라는 안내가 나옵니다. 잠시 후 다시 시도해도 받지 못하면 1:1 문의로 알려 주세요.",
        },
        en: {
          q: "I am not receiving the verification code on my phone.",
          a: "Enter your mobile number as the 11 digits starting with 010, with or without hyphens or spaces. A code can be sent at most 5 times in a row; after that you will see 'verification send count exceeded'. If you still get nothing after waiting a while, tell us through a 1:1 inquiry.",
        },
      },
      {
        ko: {
          q: "닉네임은 어떻게 정하나요?",
          a: "닉네임은 한글, 영문, 숫자만 쓸 수 있고 15자 이내여야 합니다. 다른 회원이 쓰고 있는 닉네임은 쓸 수 없으니 '중복 확인'을 꼭 눌러 주세요.",
        },
        en: {
          q: "What are the rules for nicknames?",
          a: "A nickname may contain only Korean or English letters and digits, up to 15 characters. Nicknames already in use by another member are not allowed, so always press 'Check availability'.",
        },
      },
      {
        ko: {
          q: "개인 회원에서 사업자 회원으로 바꿀 수 있나요?",
          a: "회원 유형(개인/사업자)은 한 번 선택하면 직접 바꿀 수 없습니다. 변경이 필요하면 고객센터(help@motomate.kr) 또는 1:1 문의로 연락해 주세요.",
        },
        en: {
          q: "Can I switch from an individual to a business account?",
          a: "Once chosen, the member type (individual or business) cannot be changed by yourself. If you need a change, contact the customer center (help@motomate.kr) or send a 1:1 inquiry.",
        },
      },
      {
        ko: {
          q: "다른 회원의 글을 보고 싶지 않아요.",
          a: "프로필에서 '숨기기'를 누르면 그 회원의 글과 댓글이 목록, 게시글, 댓글, 검색 결과 어디서나 가려져 보입니다. 가려진 글은 하나씩 펼쳐 볼 수 있습니다. 설정 > 숨긴 회원에서 해제할 수 있으며, 해제는 그 페이지를 떠날 때 적용됩니다.",
        },
        en: {
          q: "I don't want to see a certain member's posts.",
          a: "Press 'Hide' on their profile: their posts and comments are then shown blinded everywhere — lists, post pages, comments and search results — and you can reveal a single one. You can unblind them under Settings > Hidden members; unhiding takes effect when you leave that page.",
        },
      },
      {
        ko: {
          q: "비공개 글은 누가 볼 수 있나요?",
          a: "비공개로 쓴 글은 작성자 본인과 관리자만 읽을 수 있습니다. 다른 회원에게는 목록과 검색에도 나타나지 않으며, 주소로 들어와도 '이 글을 읽을 권한이 없습니다'라고 안내됩니다.",
        },
        en: {
          q: "Who can read a private post?",
          a: "Only the author and administrators can read a private post. Other members do not see it in lists or search results, and opening its address tells them they have no permission to read this article.",
        },
      },
      {
        ko: {
          q: "회원 탈퇴는 어떻게 하나요?",
          a: "설정 > 로그인 및 보안 > 회원 탈퇴에서 비밀번호를 확인한 뒤 탈퇴할 수 있습니다. 탈퇴하면 모든 기기에서 로그아웃되고 개인정보가 삭제되며, 같은 계정으로 다시 로그인할 수 없습니다. 탈퇴 후 문제가 있으면 관리자에게 문의해 주세요.",
        },
        en: {
          q: "How do I leave Moto Mate (delete my account)?",
          a: "Go to Settings > Sign-in and security > Withdraw from Moto Mate and confirm with your password. You are signed out on every device, your personal data is deleted, and the account can no longer sign in. If something goes wrong afterwards, contact the administrator.",
        },
      },
    ],
    experts: [
      {
        ko: {
          q: "전문가로 활동하려면 어떻게 하나요?",
          a: "마이 > 내 스킬에서 차주, 정비, 라이딩 코칭, 구조(견인), 픽업(화물 운송) 중 제공할 스킬을 등록하면 해당 만남의 전문가 찾기에 노출됩니다. 스킬 항목은 20자 이내로 적어 주세요.",
        },
        en: {
          q: "How do I start offering my skills as an expert?",
          a: "Register the skills you offer — owner, repair, riding coaching, rescue (towing) or pickup (cargo transport) — under My > My skills, and you will appear in the expert search of that meeting type. Each skill entry can be up to 20 characters.",
        },
      },
      {
        ko: {
          q: "라이딩 코칭은 누구나 할 수 있나요?",
          a: "라이딩 코칭은 라이딩 경력이 3년 이상인 회원만 제공할 수 있습니다. 프로필의 라이딩 경력(1~60년)을 정확히 입력해 주세요.",
        },
        en: {
          q: "Can anyone offer riding coaching?",
          a: "Riding coaching can only be offered by members with 3 or more years of riding experience. Please keep the riding years in your profile (1 to 60) accurate.",
        },
      },
      {
        ko: {
          q: "약속 시간과 장소, 결제 금액은 누가 정하나요?",
          a: "만남 요청이 오면 채팅방이 열리고, 전문가(서비스 제공자)가 채팅의 + 메뉴에서 약속 날짜, 만남 장소, 결제 요청과 예약 상태를 정합니다. 결제 요청은 만남마다 한 번만 보낼 수 있고, 0원(무료)도 가능합니다. 권장 금액은 차주 과외 시간당 10,000원, 개인 간 숙련 만남 시간당 20,000원입니다.",
        },
        en: {
          q: "Who sets the appointment, the place and the price?",
          a: "A meeting request opens a chat room, and the expert (the service provider) sets the appointment date, the meeting place, the payment request and the reservation status from the + menu in the chat. Only one payment request can be sent per meeting, and 0 won (free) is allowed. Recommended prices are 10,000 won per hour for owner tutoring and 20,000 won per hour for skilled meetings between individuals.",
        },
      },
      {
        ko: {
          q: "약속 알림은 언제 오나요?",
          a: "예약이 확정된 만남은 약속 1시간 전과 30분 전에 양쪽 모두에게 알림을 보냅니다. 알림 종류별 수신 여부는 설정 > 알림 설정에서 바꿀 수 있습니다.",
        },
        en: {
          q: "When are appointment reminders sent?",
          a: "For a confirmed reservation, both sides are reminded 1 hour and 30 minutes before the appointment. You can turn each kind of notification on or off under Settings > Notifications.",
        },
      },
      {
        ko: {
          q: "상대가 약속 장소에 나오지 않았어요. (노쇼)",
          a: "약속 시간 15분이 지나면 채팅의 노쇼 신고 버튼이 활성화됩니다. 신고 내용은 200자 이내로 적어 주세요. 노쇼가 확인되면 1회 30일, 2회 60일, 3회 180일 이용이 정지되고 4회째에는 영구 정지됩니다. 악의적으로 허위 신고를 한 회원도 제재를 받을 수 있습니다.",
        },
        en: {
          q: "The other person did not show up (no-show).",
          a: "The no-show button in the chat becomes active 15 minutes after the agreed time. Describe what happened in up to 200 characters. A confirmed no-show is penalised with a 30-day ban the first time, 60 days the second, 180 days the third, and a permanent ban the fourth time. Members who file malicious false reports can be penalised as well.",
        },
      },
      {
        ko: {
          q: "픽업(화물 운송) 요청에는 어떤 규칙이 있나요?",
          a: "희망 시간은 지금부터 최소 1시간 이후로 정해야 하고, 금액은 5,000원 단위로 조정합니다. 픽업 전문가 검색 반경은 3, 5, 10, 20, 30, 50km 중에서 고를 수 있습니다.",
        },
        en: {
          q: "What are the rules for pickup (cargo transport) requests?",
          a: "The desired time must be at least 1 hour from now, and amounts change in steps of 5,000 won. You can search for pickup experts within 3, 5, 10, 20, 30 or 50 km.",
        },
      },
      {
        ko: {
          q: "차주 만남은 어떻게 켜고 끄나요?",
          a: "차주 만남은 그 기종을 지금 타고 있는 차주만 열 수 있습니다. 모터사이클 리뷰마다 차주 만남 옵션을 켜거나 끌 수 있으며, 켜 둔 리뷰를 본 라이더가 만남을 요청할 수 있습니다.",
        },
        en: {
          q: "How do I turn owner meetings on or off?",
          a: "Only current owners of a model can offer owner meetings. You can enable or disable the owner-meeting option on each of your motorcycle reviews; riders reading a review with it enabled can request a meeting.",
        },
      },
    ],
    payments: [
      {
        ko: {
          q: "만남 결제는 어떻게 하나요?",
          a: "전문가가 채팅의 + 메뉴에서 결제 요청을 보내면 채팅방에 요청 금액이 표시됩니다. 요청자는 채팅방의 결제 패널에서 쓸 수 있는 쿠폰을 고르고 '결제하기'를 눌러 결제창에서 카드로 결제합니다. 결제가 끝나면 두 사람 모두 채팅방에서 '결제가 완료되었습니다'를 볼 수 있고, 영수증은 설정 > 구매 내역에서 확인할 수 있습니다. 결제 요청은 만남마다 한 번만 보낼 수 있고, 결제 전까지는 전문가가 금액을 바꾸거나 요청을 취소할 수 있습니다. 0원으로 요청하면 무료 만남이 됩니다.",
        },
        en: {
          q: "How do I pay for a meeting?",
          a: "When the expert sends a payment request from the + menu of the chat, the amount appears in the chat room. The requester picks a coupon that applies, if any, in the room's payment panel and taps Pay to pay by card in the payment window. When it is done, both of you see 'payment completed' in the chat, and the receipt is under Settings > Purchase history. A meeting takes one payment request; until it is paid the expert may change the amount or withdraw it. A request of 0 won makes the meeting free.",
        },
      },
      {
        ko: {
          q: "결제에 실패했어요.",
          a: "카드사가 결제를 거절하면 결제창이 알려 준 사유를 채팅방에 보여 드리고, 같은 결제 패널에서 다시 결제할 수 있습니다. 결제창을 연 뒤 10분 안에 결제를 마치지 않으면 그 결제는 만료되며, 고른 쿠폰은 다시 쓸 수 있게 돌아옵니다. 결제 결과를 결제사에서 바로 받지 못한 경우에는 '결제 확인 중'으로 표시되고, 잠시 뒤 결제사에 확인하여 한 번만 처리합니다.",
        },
        en: {
          q: "My payment failed.",
          a: "When the card company declines a payment, the chat room shows the reason the payment window gave, and you can pay again from the same payment panel. A payment window not completed within 10 minutes expires, and the coupon you chose comes back to you. When the payment company's answer does not arrive at once, the payment shows as 'being confirmed'; it is checked with the payment company shortly after and completed exactly once.",
        },
      },
      {
        ko: {
          q: "수수료는 얼마인가요?",
          a: "플랫폼 수수료는 모임 금액(전문가가 요청한 금액)의 10%, 사업자 전문가는 5%이며 1원 미만은 반올림합니다. 요청자가 쿠폰을 쓰면 할인 금액은 모토메이트가 부담하므로, 전문가는 할인 전 금액을 기준으로 수익을 받습니다. 무료 만남에는 수수료가 없습니다.",
        },
        en: {
          q: "What fees does the platform charge?",
          a: "The platform fee is 10% of the meeting amount (what the expert requested), or 5% for business experts, rounded to the nearest won. When the requester uses a coupon, Moto Mate bears the discount, so the expert earns on the amount before the discount. Free meetings have no fee.",
        },
      },
      {
        ko: {
          q: "수익은 언제 받나요?",
          a: "만남이 종료되면 결제 금액에서 수수료를 뺀 금액이 전문가의 '대기 중인 수익'이 됩니다. 환불 요청에 대비해 만남이 끝난 시각부터 8일(192시간) 동안 보류되며, 환불 요청이 처리 중이면 처리가 끝날 때까지 보류됩니다. 보류가 끝나면 '출금 가능'이 되고, 정산 관리 화면에서 출금 계좌와 출금 비밀번호를 등록한 뒤 출금을 신청할 수 있습니다.",
        },
        en: {
          q: "When do I receive my earnings?",
          a: "When a meeting ends, the payment less the fee becomes the expert's pending earnings. They are held for 8 days (192 hours) from the moment the meeting ended in case of a refund request, and longer while a refund request is being decided. Then they become withdrawable: register a withdrawal account and a withdrawal password, and request a withdrawal on the settlement page.",
        },
      },
      {
        ko: {
          q: "출금할 때 어떤 금액이 빠지나요?",
          a: "출금 신청 화면에서 고른 정산금(수수료를 뺀 금액)에서 은행 이체 수수료(1회 500원)를 빼고, 개인 전문가는 사업소득 원천징수세 3.3%(소득세 3%와 지방소득세 0.3%, 각 10원 미만 절사)를 뺀 금액이 입금됩니다. 확인 전에 모든 금액을 보여 드립니다. 사업자 전문가는 원천징수 없이 입금되고, 플랫폼 수수료에 대한 세금계산서를 받습니다. 출금 비밀번호를 5번 틀리면 잠기며, 고객센터에 연락하면 관리자가 잠금을 풀어 드립니다.",
        },
        en: {
          q: "What is deducted when I withdraw?",
          a: "From the earnings you select (already net of the platform fee), the bank transfer fee (500 won per withdrawal) is deducted and, for individual experts, the 3.3% business income withholding (3% income tax and 0.3% local income tax, each with won below 10 dropped). Every amount is shown before you confirm. Business experts are not withheld and receive tax invoices for the platform fee. Five wrong withdrawal passwords lock it; contact the customer centre and an administrator unlocks it.",
        },
      },
      {
        ko: {
          q: "결제를 취소하거나 환불받을 수 있나요?",
          a: "만남 전에 예약이 취소되면 누가 취소했든 결제한 금액이 자동으로 전액 환불되고, 쓴 쿠폰도 기한이 남아 있으면 돌아옵니다. 전문가의 노쇼가 확인된 경우에도 전액 환불됩니다. 만남이 끝난 뒤에는 8일 안에 200자 이내로 사유를 적어 환불을 요청할 수 있고, 관리자가 환불 정책에 따라 전액, 일부 환불 또는 거절을 결정해 채팅방과 알림으로 알려 드립니다. 카드 환불은 결제사와 카드사 일정에 따라 며칠이 걸릴 수 있습니다.",
        },
        en: {
          q: "Can I cancel a payment or get a refund?",
          a: "When a reservation is cancelled before the meeting, whoever cancelled it, the payment is refunded in full automatically, and a coupon you used comes back if it has not expired. A confirmed no-show of the expert is also refunded in full. After the meeting you can request a refund within 8 days with a reason of up to 200 characters; an administrator decides a full or partial refund or declines it under the refund policy, and you are told in the chat and by a notification. A card refund may take a few days at the payment and card companies.",
        },
      },
      {
        ko: {
          q: "쿠폰은 어떻게 쓰나요?",
          a: "마이 > 쿠폰함에서 받은 쿠폰을 확인하고 쿠폰 코드를 등록할 수 있습니다. 결제할 때 그 만남에 쓸 수 있는 쿠폰만 보여 드리며, 하나를 골라 적용합니다. 쿠폰은 한 번만 쓸 수 있고, 같은 쿠폰은 한 사람이 한 번만 받을 수 있습니다. 쿠폰마다 쓸 수 있는 만남 종류, 최소 금액과 사용 기한이 있습니다.",
        },
        en: {
          q: "How do I use a coupon?",
          a: "My > Coupons shows the coupons you have and lets you register a coupon code. When you pay, only the coupons that apply to that meeting are offered, and you pick one. A coupon is used once, and each member can receive a given coupon only once. Each coupon has the meeting kinds it applies to, a minimum amount and an expiry date.",
        },
      },
      {
        ko: {
          q: "포인트를 다른 회원에게 선물할 수 있나요?",
          a: "모터사이클 리뷰를 쓴 회원만 포인트를 선물할 수 있습니다. 받는 사람을 정하고 최소 100P부터 100P 단위로, 보유한 포인트를 넘지 않게 보낼 수 있습니다.",
        },
        en: {
          q: "Can I gift points to another member?",
          a: "Only members who have written a motorcycle review can gift points. Choose the recipient and send at least 100P, in steps of 100P, and no more than the points you hold.",
        },
      },
    ],
    service: [
      {
        ko: {
          q: "스파크는 무엇인가요?",
          a: "스파크는 마음에 드는 오너 리뷰를 응원하는 표시입니다. 매일 10개가 주어지고 24시간마다 다시 채워지며, 한 리뷰에는 최대 10개까지 보낼 수 있습니다. 보낸 스파크는 되돌릴 수 없습니다. 홈에서는 최근 24시간 동안 스파크를 가장 많이 받은 3명을 보여 드립니다.",
        },
        en: {
          q: "What are sparks?",
          a: "A spark is a way to support an owner review you like. You get 10 sparks a day, refreshed every 24 hours, and can give at most 10 to one review. Sparks you have given cannot be taken back. The home page shows the 3 members who received the most sparks in the last 24 hours.",
        },
      },
      {
        ko: {
          q: "포인트는 어떻게 모으고 쓰나요?",
          a: `가입 축하 포인트(${welcome}), 누락 모델 제보 채택, 만남 피드백 보상, 다른 회원의 선물로 포인트가 쌓입니다. 적립·사용 내역은 마이 > 포인트에서 볼 수 있습니다. 포인트로 상품을 교환하는 기능은 준비 중입니다.`,
        },
        en: {
          q: "How do I earn and use points?",
          a: `You earn points from the welcome grant (${welcome}), accepted missing-model reports, meeting feedback rewards and gifts from other members. Your earnings and spending are listed under My > Points. Exchanging points for goods is coming soon.`,
        },
      },
      {
        ko: {
          q: "모터사이클 리뷰는 어떻게 쓰고 고치나요?",
          a: "주행 성능, 제동, 엔진 성격, 내구성, 디자인, 마감 품질, 편의성, 유지비, 가성비 9개 항목을 1~10점으로 모두 평가하고, 연식과 사진(1~4장)을 넣어야 합니다. 작성 후 24시간 동안만 수정할 수 있고 그 뒤에는 잠깁니다. 삭제한 리뷰는 되돌릴 수 없습니다.",
        },
        en: {
          q: "How do I write and edit a motorcycle review?",
          a: "Rate all nine items — riding performance, braking, engine character, durability, design, finish quality, convenience, maintenance cost and value for money — from 1 to 10, and add the model year and 1 to 4 photos. A review can be edited only within 24 hours of posting and is locked after that. Deleting a review cannot be undone.",
        },
      },
      {
        ko: {
          q: "찾는 모델이 없어요.",
          a: "누락 모델 제보에서 제조사(영문), 모델명(영문과 숫자), 출시 연도, 공식 스펙 페이지 주소를 보내 주세요. 제보가 채택되면 200P를 드립니다.",
        },
        en: {
          q: "The model I am looking for is missing.",
          a: "Send a missing-model report with the manufacturer (in English), the model name (English letters and digits), the release year and the official spec page address. An accepted report earns 200P.",
        },
      },
      {
        ko: {
          q: "만남 피드백 보상은 어떻게 받나요?",
          a: "만남이 끝나면 양쪽 모두에게 피드백(원활/문제)을 요청합니다. 건너뛸 수도 있지만, 사진 1장 이상과 200자 이상으로 남기면 1,000P, 100자 이상이면 200P를 드립니다.",
        },
        en: {
          q: "How do meeting feedback rewards work?",
          a: "After a meeting, both sides are asked for feedback (smooth or problem). You may skip it, but feedback with at least one photo and 200 or more characters earns 1,000P, and feedback of 100 or more characters earns 200P.",
        },
      },
      {
        ko: {
          q: "게시판에 사진과 영상을 올릴 수 있나요?",
          a: "게시글 하나에 사진은 10장까지, 유튜브 영상은 1개까지 넣을 수 있습니다. 이미 영상이 있으면 '유튜브 영상이 이미 등록되어 있습니다'라고 안내됩니다. 중고거래의 차량 판매글은 한 사람당 3개까지 올릴 수 있습니다.",
        },
        en: {
          q: "Can I add photos and videos to posts?",
          a: "A post can hold up to 10 photos and one YouTube video; adding a second video tells you a YouTube video is already registered. In the market, each member can have up to 3 vehicle sale posts.",
        },
      },
      {
        ko: {
          q: "여기에 없는 질문은 어디에 하나요?",
          a: "설정 > 1:1 문의에 남겨 주시면 관리자가 확인한 뒤 같은 페이지에 답변을 드립니다. 고객센터는 평일 10:00–18:00(점심 12:00–13:00, 주말·공휴일 휴무)에 help@motomate.kr로도 연락할 수 있습니다.",
        },
        en: {
          q: "Where can I ask something that is not answered here?",
          a: "Leave it under Settings > 1:1 inquiry; an administrator will answer on the same page. You can also reach the customer center at help@motomate.kr on weekdays 10:00–18:00 (lunch 12:00–13:00, closed on weekends and public holidays).",
        },
      },
    ],
  };
}
