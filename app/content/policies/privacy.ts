import type { LocalizedPolicy } from "./types";

export const privacyPolicy: LocalizedPolicy = {
  ko: {
    title: "모토메이트 개인정보처리방침",
    effectiveDate: "2026-12-01",
    summary:
      "모토메이트가 어떤 개인정보를 어떤 목적으로 수집하고, 얼마 동안 보관하며, 어떻게 보호하는지와 회원이 행사할 수 있는 권리 및 그 방법을 안내합니다.",
    sections: [
      {
        heading: "총칙",
        paragraphs: [
          "모토메이트(이하 “회사”)는 「개인정보 보호법」 등 관계 법령에 따라 정보주체의 개인정보를 보호하고 이와 관련한 고충을 신속하고 원활하게 처리하기 위하여 다음과 같이 개인정보처리방침을 수립하여 공개합니다.",
          "이 방침은 회사가 운영하는 모토메이트 웹 서비스와 관련 서비스(이하 “서비스”) 전체에 적용됩니다.",
          "회사는 서비스 제공에 필요한 최소한의 개인정보만 수집합니다. 선택 항목은 입력하지 않더라도 서비스의 기본 기능을 이용할 수 있으며, 선택 항목 입력을 거부한 경우 해당 정보가 필요한 일부 기능만 제한될 수 있습니다.",
        ],
      },
      {
        heading: "수집하는 개인정보 항목과 수집 방법",
        paragraphs: [
          "회사는 회원가입과 서비스 이용 과정에서 회원이 직접 입력한 정보, 회원이 위치 접근을 허용한 경우 기기로부터 전달받은 위치 정보, 서비스 이용 과정에서 자동으로 생성되는 정보, 결제대행사로부터 전달받은 결제 결과 정보를 수집합니다.",
          "이용 목적별로 수집하는 개인정보 항목은 다음과 같습니다.",
        ],
        items: [
          "회원가입 및 로그인(필수): 이메일 주소 또는 휴대전화번호 중 회원이 선택한 하나, 비밀번호. 비밀번호는 복원할 수 없는 일방향 암호화(해시) 값으로만 저장하며, 회사도 원래의 비밀번호를 알 수 없습니다.",
          "프로필: 닉네임과 생년월일(필수, 생년월일은 만 15세 이상 여부 확인용), 자기소개, 프로필 사진, 활동 지역(최대 3곳), 라이딩 경력, 선호 장르, SNS 링크(선택)",
          "사업자 회원(필수): 상호, 사업자등록번호, 대표 전화번호, 업종, 영업시간, 대표자 성명, 이메일 주소, 정산용 휴대전화번호",
          "위치 정보(선택): 회원이 기기나 브라우저에서 위치 접근을 허용한 경우 현재 위치(위도·경도)",
          "재능 교환 모임: 전문가 등록 정보(재능 분야, 소개, 경력), 모임 신청·진행 내역(분야, 일시, 장소, 금액, 진행 상태), 모임 채팅 메시지, 노쇼 신고 및 처리 내역",
          "결제 및 환불(요청자): 결제 금액, 결제 일시, 결제수단 종류, 결제 승인번호 등 거래 정보, 환불 요청 사유와 처리 내역. 카드번호 등 결제수단 정보는 결제대행사(PG)가 직접 처리하며 회사는 이를 저장하지 않습니다.",
          "수익금 정산 및 출금(전문가): 예금주 성명, 은행명, 계좌번호, 주민등록번호(원천징수 목적), 수익금·출금·원천징수 내역",
          "포인트·쿠폰·스파크: 적립, 사용, 선물, 발급 내역",
          "고객 문의 및 신고: 문의·신고 내용, 회신용 연락처, 회원이 제출한 첨부 자료",
          "서비스 이용 과정에서 자동으로 생성·수집되는 정보: IP 주소, 쿠키, 접속 일시 등 접속 기록, 서비스 이용 기록, 기기 정보(브라우저 종류와 버전, 운영체제), 부정 이용 기록",
        ],
      },
      {
        heading: "개인정보의 처리 목적",
        paragraphs: [
          "회사는 수집한 개인정보를 다음 목적으로만 처리하며, 목적이 바뀌는 경우에는 「개인정보 보호법」 제18조에 따라 별도의 동의를 받는 등 필요한 조치를 합니다.",
        ],
        items: [
          "회원 관리: 가입 의사 확인, 본인 식별과 인증, 만 15세 이상 여부 확인, 계정 도용과 부정 이용 방지, 탈퇴 의사 확인, 고지사항 전달",
          "커뮤니티·리뷰·중고거래 제공: 게시물 작성자 표시, 프로필 공개, 댓글·반응 등 알림 제공",
          "재능 교환 모임 제공: 주변 전문가 검색과 거리순 정렬, 모임 신청·성립·진행, 모임별 1:1 채팅 제공, 노쇼 확인과 제재, 분쟁 처리",
          "결제와 환불: 결제 처리, 취소와 환불, 거래 기록 보존",
          "정산: 플랫폼 수수료 계산, 수익금 지급, 원천징수와 지급명세서 제출 등 세법상 의무 이행",
          "포인트·쿠폰·스파크 운영: 적립·사용·선물 처리와 부정 적립 방지",
          "고객 지원: 문의 응대, 신고 처리, 분쟁 조정, 법령 위반 행위에 대한 조치",
          "서비스 안정성과 개선: 보안 위협 탐지, 장애 대응, 접속 빈도 파악과 개인을 식별할 수 없는 형태의 통계 분석",
        ],
      },
      {
        heading: "주민등록번호와 계좌번호의 처리",
        paragraphs: [
          "회사는 원칙적으로 주민등록번호를 수집하지 않습니다. 다만 전문가가 수익금 출금을 신청하는 경우에 한하여, 「소득세법」 제127조(원천징수의무)와 제164조(지급명세서의 제출) 등 법령이 주민등록번호의 처리를 요구하는 경우에 해당하므로 「개인정보 보호법」 제24조의2 제1항 제1호에 따라 전문가의 주민등록번호를 수집합니다. 수집 목적과 근거는 출금 신청 화면에서 함께 안내합니다.",
          "주민등록번호는 원천징수, 지급명세서 제출 등 세법상 의무를 이행하는 데에만 이용하며, 본인 확인이나 로그인 수단 등 다른 목적으로는 이용하지 않습니다. 전문가가 아닌 회원에게는 주민등록번호를 요구하지 않습니다.",
          "주민등록번호는 AES-256 방식으로 암호화하여 저장하고, 화면에는 뒷자리를 가린 형태(예: 900101-1******)로만 표시합니다. 정산용 계좌번호도 암호화하여 저장합니다. 암호화된 정보를 복호화할 수 있는 권한은 정산 업무에 꼭 필요한 최소한의 담당자에게만 부여하며, 접근 기록을 남기고 점검합니다.",
          "원천징수와 관련된 주민등록번호와 지급 내역은 「국세기본법」에 따라 5년간 보관한 뒤 파기합니다.",
        ],
      },
      {
        heading: "위치 정보와 공개되는 프로필 정보",
        paragraphs: [
          "회원은 활동 지역을 최대 3곳까지 등록할 수 있습니다. 다른 이용자에게는 동 또는 시·군·구 단위의 대략적인 지역명만 표시되며, 정확한 좌표(위도·경도)는 주변 전문가 검색과 거리 계산에만 내부적으로 이용하고 어떠한 경우에도 다른 이용자에게 공개하지 않습니다.",
          "현재 위치는 회원이 기기나 브라우저에서 위치 접근을 허용한 경우에만 수집하며, 회원은 언제든지 기기나 브라우저 설정에서 허용을 철회할 수 있습니다. 위치 접근을 허용하지 않더라도 지역을 직접 선택하여 주변 전문가를 찾을 수 있습니다.",
          "회사는 개인위치정보를 처리하는 경우 「위치정보의 보호 및 이용 등에 관한 법률」에서 정한 절차와 보호 조치를 지킵니다.",
          "다른 이용자에게 공개되는 프로필 정보는 닉네임, 프로필 사진, 자기소개, 대략적인 활동 지역, 라이딩 경력, 선호 장르, SNS 링크와 회원이 작성한 게시물입니다. 사업자 회원의 경우 상호, 업종, 영업시간, 대표 전화번호 등 업체 프로필에 공개하도록 입력한 정보가 함께 공개될 수 있습니다. 이메일 주소, 휴대전화번호, 생년월일, 정확한 좌표, 계좌번호, 주민등록번호는 공개하지 않습니다.",
        ],
      },
      {
        heading: "개인정보의 보유 및 이용 기간",
        paragraphs: [
          "회사는 원칙적으로 회원 탈퇴 등으로 개인정보의 처리 목적이 달성되면 해당 개인정보를 지체 없이 파기합니다. 선택 항목이나 위치 정보처럼 회원이 직접 삭제하거나 허용을 철회한 정보는 그때 처리를 중단합니다.",
          "모임 내역과 모임 채팅 메시지는 회원 탈퇴 시까지 보관하며, 결제가 이루어진 모임의 거래 기록은 아래 법정 보관기간 동안 보관합니다.",
          "법령에 따라 보관하는 개인정보는 다른 개인정보와 분리하여 저장하고, 보관 목적 외의 용도로는 이용하지 않습니다.",
          "다만 관계 법령에 따라 보존해야 하거나 부정 이용 방지를 위해 필요한 다음 정보는 정해진 기간 동안 보관합니다.",
        ],
        items: [
          "계약 또는 청약철회 등에 관한 기록: 5년(「전자상거래 등에서의 소비자보호에 관한 법률」)",
          "대금결제 및 재화 등의 공급에 관한 기록: 5년(「전자상거래 등에서의 소비자보호에 관한 법률」)",
          "소비자의 불만 또는 분쟁처리에 관한 기록: 3년(「전자상거래 등에서의 소비자보호에 관한 법률」)",
          "서비스 접속 기록(로그 기록, 접속 IP 주소 등): 3개월(「통신비밀보호법」)",
          "원천징수 등 세무 관련 장부와 증빙서류(주민등록번호, 지급 내역 포함): 5년(「국세기본법」)",
          "부정 이용 기록(이용 제한 내역과 해당 계정의 가입 식별 정보): 제재 회피를 위한 재가입을 막기 위해 탈퇴일부터 1년",
        ],
      },
      {
        heading: "개인정보의 파기 절차와 방법",
        paragraphs: [
          "회사는 보유기간이 지나거나 처리 목적이 달성된 개인정보를 지체 없이 파기합니다. 법령에 따라 계속 보관해야 하는 정보는 별도의 데이터베이스로 옮겨 분리 보관하고, 그 보관기간이 끝나면 파기합니다.",
          "전자적 파일 형태의 정보는 복구하거나 재생할 수 없도록 기술적 방법으로 영구 삭제하며, 종이 문서에 기록된 정보는 분쇄하거나 소각합니다.",
          "회원이 탈퇴하더라도 회원이 직접 삭제하지 않은 게시물은 남을 수 있으므로, 삭제를 원하는 게시물은 탈퇴 전에 삭제해 주시기 바랍니다.",
        ],
      },
      {
        heading: "개인정보의 제3자 제공과 모임 상대방에게 공개되는 정보",
        paragraphs: [
          "회사는 정보주체의 개인정보를 처리 목적의 범위에서만 이용하며, 다음의 경우를 제외하고는 제3자에게 제공하지 않습니다. 현재 회사가 정기적으로 개인정보를 제공하는 제3자는 없습니다.",
          "모임이 성립하면 상대방 회원은 모임 진행을 위해 회원의 닉네임, 프로필 사진, 자기소개, 대략적인 활동 지역, 라이딩 경력, 전문가 정보(분야, 소개, 경력)와 모임 채팅 메시지를 볼 수 있습니다. 사업자 회원인 전문가의 경우 업체 프로필에 공개한 정보도 함께 표시됩니다. 이메일 주소, 휴대전화번호, 생년월일, 정확한 좌표, 계좌번호, 주민등록번호는 상대방에게 제공하지 않습니다.",
          "회원이 모임 채팅에서 스스로 알린 연락처, 주소, 만날 장소 등은 상대방이 알게 되므로 필요한 범위에서만 알려 주시기 바랍니다. 모임 상대방은 모임을 통해 알게 된 개인정보를 모임 진행 외의 목적으로 이용하거나 다른 사람에게 제공해서는 안 됩니다.",
          "제3자 제공의 예외는 다음과 같습니다.",
        ],
        items: [
          "정보주체가 별도로 동의한 경우",
          "법률에 특별한 규정이 있거나 법령상 의무를 지키기 위해 불가피한 경우(수사기관이 법령에 정한 절차와 방법에 따라 요청한 경우 등)",
          "명백히 정보주체 또는 제3자의 급박한 생명, 신체, 재산의 이익을 위하여 필요하다고 인정되는 경우",
        ],
      },
      {
        heading: "개인정보 처리의 위탁과 국외 이전",
        paragraphs: [
          "회사는 위탁계약을 체결할 때 「개인정보 보호법」 제26조에 따라 위탁 업무 수행 목적 외의 개인정보 처리 금지, 기술적·관리적 보호조치, 재위탁 제한, 수탁자에 대한 관리·감독, 손해배상 등 책임에 관한 사항을 문서에 명시하고, 수탁자가 개인정보를 안전하게 처리하는지 감독합니다. 수탁자나 위탁 업무의 내용이 바뀌면 이 방침을 통해 지체 없이 공개합니다.",
          "회사는 원칙적으로 회원의 개인정보를 국외로 이전하지 않습니다. 앞으로 국외 이전이 필요해지면 「개인정보 보호법」 제28조의8에 따라 이전되는 개인정보 항목, 이전되는 국가, 이전 시기와 방법, 이전받는 자, 이전받는 자의 이용 목적과 보유·이용 기간, 이전을 거부하는 방법 등을 미리 알리고, 필요한 경우 동의를 받습니다.",
          "회사는 원활한 서비스 제공을 위하여 다음과 같이 개인정보 처리 업무를 위탁하고 있습니다.",
        ],
        items: [
          "클라우드 서버 호스팅 사업자: 서비스 운영을 위한 서버와 데이터 보관",
          "결제대행사(PG): 결제 처리, 결제 취소와 환불",
          "문자(SMS) 발송 대행사: 인증번호와 알림 문자 발송",
          "이메일 발송 대행사: 인증 메일, 알림과 고지 메일 발송",
          "지도·주소 검색 서비스 제공자: 지도 표시, 주소와 지역 검색",
        ],
      },
      {
        heading: "정보주체의 권리와 행사 방법",
        paragraphs: [
          "회원은 언제든지 자신의 개인정보에 대하여 「개인정보 보호법」 제35조부터 제37조까지에 따른 열람, 정정·삭제, 처리정지를 요구할 수 있고, 개인정보 수집·이용에 대한 동의를 철회할 수 있습니다.",
          "회원은 서비스의 설정 메뉴에서 자신의 개인정보를 직접 조회하고 수정하거나 선택 항목을 삭제할 수 있으며, 회원 탈퇴를 통해 동의를 철회할 수 있습니다. 위치 정보는 기기나 브라우저 설정에서 허용을 철회할 수 있습니다. 그 밖의 요구는 개인정보 보호책임자의 이메일(privacy@motomate.kr)로 할 수 있으며, 회사는 요구를 받은 날부터 10일 이내에 조치하고 그 결과를 알립니다.",
          "권리 행사는 회원의 법정대리인이나 회원으로부터 위임을 받은 사람을 통해서도 할 수 있으며, 이 경우 위임장 등 대리권을 확인할 수 있는 서류를 제출해야 합니다.",
          "법률에 특별한 규정이 있거나 다른 사람의 생명·신체를 해칠 우려 또는 다른 사람의 재산과 그 밖의 이익을 부당하게 침해할 우려가 있는 경우 등에는 열람이나 처리정지 요구가 제한될 수 있습니다. 다른 법령에서 수집 대상으로 명시하고 있는 개인정보는 삭제를 요구할 수 없습니다. 이 경우 회사는 그 사유를 알립니다.",
          "회원이 개인정보의 정정이나 삭제를 요구하면 회사는 조치를 마칠 때까지 해당 개인정보를 이용하거나 제공하지 않습니다.",
        ],
      },
      {
        heading: "만 14세 미만 아동의 개인정보",
        paragraphs: [
          "서비스는 만 15세 이상인 사람만 가입할 수 있으므로 회사는 만 14세 미만 아동의 개인정보를 수집하지 않습니다.",
          "회사는 가입 과정에서 생년월일을 통해 연령을 확인하며, 만 15세 미만인 사람이 가입한 사실이 확인되면 해당 계정을 해지하고 수집된 개인정보를 지체 없이 파기합니다.",
        ],
      },
      {
        heading: "쿠키 등 자동 수집 장치의 설치·운영과 거부",
        paragraphs: [
          "쿠키는 웹사이트가 이용자의 브라우저에 저장하는 작은 텍스트 파일입니다. 회사는 로그인 상태 유지, 언어 등 이용자 설정 저장, 부정 로그인 탐지 등 보안, 서비스 이용 통계를 위해 쿠키를 사용합니다.",
          "회원은 웹 브라우저의 설정 메뉴(예: 설정 > 개인정보 보호 및 보안 > 쿠키 및 사이트 데이터)에서 쿠키 저장을 거부하거나 저장된 쿠키를 삭제할 수 있습니다. 다만 로그인 유지에 필요한 쿠키를 거부하면 로그인이 필요한 서비스를 이용할 수 없습니다.",
        ],
      },
      {
        heading: "개인정보의 안전성 확보 조치",
        paragraphs: [
          "회사는 「개인정보 보호법」 제29조에 따라 개인정보의 안전성을 확보하기 위하여 다음 조치를 하고 있습니다.",
        ],
        items: [
          "관리적 조치: 내부 관리계획 수립·시행, 개인정보 취급자 최소화와 정기 교육",
          "접근 권한 관리: 업무에 따른 접근 권한 차등 부여, 인사 변동 시 지체 없는 권한 변경·말소, 관리자 접속 시 안전한 인증 수단 적용",
          "암호화: 비밀번호 일방향 암호화, 주민등록번호 AES-256 암호화, 계좌번호 암호화 저장, 모든 전송 구간에 TLS(HTTPS) 적용",
          "접속 기록 보관과 위·변조 방지: 개인정보 처리시스템 접속 기록을 2년 이상 보관하고 정기적으로 점검",
          "보안 프로그램과 침입 차단: 방화벽 등 접근 통제, 보안 업데이트와 취약점 점검",
          "물리적 조치: 서버가 있는 클라우드 데이터센터의 출입 통제, 개인정보가 포함된 서류와 저장매체의 잠금 보관",
        ],
      },
      {
        heading: "개인정보 보호책임자",
        paragraphs: [
          "회사는 개인정보 처리에 관한 업무를 총괄하여 책임지고, 개인정보 처리와 관련한 정보주체의 불만 처리와 피해 구제를 위하여 아래와 같이 개인정보 보호책임자를 지정하고 있습니다. 회원은 서비스를 이용하면서 생긴 개인정보 보호 관련 문의, 불만, 피해 구제 등을 개인정보 보호책임자에게 문의할 수 있으며, 회사는 지체 없이 답변하고 처리합니다.",
        ],
        items: ["개인정보 보호책임자 직책: 운영총괄 책임자", "연락처(이메일): privacy@motomate.kr"],
      },
      {
        heading: "권익침해 구제 방법",
        paragraphs: [
          "회원은 개인정보 침해로 인한 구제를 받기 위하여 다음 기관에 분쟁 해결이나 상담 등을 신청할 수 있습니다. 이 밖에 기타 개인정보 침해의 신고, 상담에 대해서는 아래 기관에 문의하시기 바랍니다.",
        ],
        items: [
          "개인정보분쟁조정위원회: (국번 없이) 1833-6972, www.kopico.go.kr",
          "개인정보침해신고센터(한국인터넷진흥원): (국번 없이) 118, privacy.kisa.or.kr",
          "대검찰청: (국번 없이) 1301, www.spo.go.kr",
          "경찰청: (국번 없이) 182, ecrm.police.go.kr",
        ],
      },
      {
        heading: "개인정보처리방침의 변경",
        paragraphs: [
          "이 개인정보처리방침은 2026년 12월 1일부터 적용됩니다.",
          "회사는 이 방침을 변경하는 경우 변경 내용과 적용일을 적용일 7일 전부터 서비스 공지사항을 통해 알립니다. 수집하는 개인정보 항목, 이용 목적, 제3자 제공, 위탁 등 회원의 권리에 중요한 변경이 있는 경우에는 적용일 30일 전부터 알리며, 필요한 경우 다시 동의를 받습니다.",
          "회사는 회원이 변경 전의 방침을 확인할 수 있도록 안내합니다.",
        ],
      },
    ],
  },
  en: {
    title: "Moto Mate Privacy Policy",
    effectiveDate: "2026-12-01",
    summary:
      "This policy explains what personal information Moto Mate collects and for what purposes, how long it is kept and how it is protected, and the rights members can exercise and how.",
    sections: [
      {
        heading: "General Provisions",
        paragraphs: [
          "Moto Mate (the “Company”) establishes and publishes this Privacy Policy in order to protect the personal information of data subjects in accordance with the Personal Information Protection Act and other applicable laws, and to handle related complaints promptly and smoothly.",
          "This policy applies to the entire Moto Mate web service operated by the Company and its related services (the “Service”).",
          "The Company collects only the minimum personal information needed to provide the Service. The basic features of the Service can be used without entering optional items; if you choose not to enter optional items, only the features that need that information may be limited.",
        ],
      },
      {
        heading: "Personal Information Collected and How It Is Collected",
        paragraphs: [
          "The Company collects information that members enter themselves during sign-up and use of the Service, location information received from the device when a member allows location access, information generated automatically while the Service is used, and payment result information received from the payment gateway.",
          "The personal information collected for each purpose is as follows.",
        ],
        items: [
          "Sign-up and login (required): either an e-mail address or a mobile phone number, as chosen by the member, and a password. The password is stored only as an irreversible one-way encrypted (hashed) value, so even the Company cannot know the original password.",
          "Profile: nickname and date of birth (required; the date of birth is used to confirm that the member is 15 or over), introduction, profile picture, activity areas (up to 3), riding experience in years, preferred genres and SNS links (optional).",
          "Business members (required): business name, business registration number, main telephone number, business type, business hours, owner's name, e-mail address and a mobile phone number for settlement.",
          "Location information (optional): the current location (latitude and longitude) when the member allows location access on the device or browser.",
          "Talent exchange meetings: expert registration information (field of talent, introduction, experience), meeting request and progress records (field, date and time, place, amount, status), meeting chat messages, and no-show reports and their handling.",
          "Payments and refunds (requesters): transaction information such as amount paid, date and time of payment, type of payment method and approval number, and refund request reasons and their handling. Payment method details such as card numbers are processed directly by the payment gateway (PG), and the Company does not store them.",
          "Settlement and withdrawal of earnings (experts): account holder's name, bank name, account number, resident registration number (for tax withholding), and records of earnings, withdrawals and withholding.",
          "Points, coupons and sparks: records of earning, using, gifting and issuing.",
          "Customer inquiries and reports: the content of the inquiry or report, contact details for the reply and any attachments submitted by the member.",
          "Information generated and collected automatically while using the Service: IP address, cookies, access logs such as access date and time, service usage records, device information (browser type and version, operating system) and records of improper use.",
        ],
      },
      {
        heading: "Purposes of Processing",
        paragraphs: [
          "The Company processes the personal information it collects only for the following purposes. If a purpose changes, the Company takes the necessary steps, such as obtaining separate consent under Article 18 of the Personal Information Protection Act.",
        ],
        items: [
          "Member management: confirming the intention to sign up, identifying and authenticating the member, confirming that the member is 15 or over, preventing account theft and improper use, confirming the intention to withdraw, and delivering notices.",
          "Community, reviews and market: showing the author of content, displaying profiles, and sending notifications about comments, reactions and the like.",
          "Talent exchange meetings: searching for nearby experts and sorting them by distance, requesting, forming and carrying out meetings, providing a one-to-one chat for each meeting, confirming and penalising no-shows, and handling disputes.",
          "Payments and refunds: processing payments, cancellations and refunds, and keeping transaction records.",
          "Settlement: calculating platform fees, paying earnings, and fulfilling tax obligations such as withholding and submitting payment statements.",
          "Points, coupons and sparks: processing earning, use and gifting, and preventing improper accumulation.",
          "Customer support: answering inquiries, handling reports, mediating disputes and taking action against violations of the law.",
          "Stability and improvement of the Service: detecting security threats, responding to failures, understanding access frequency and producing statistics in a form that does not identify individuals.",
        ],
      },
      {
        heading: "Processing of Resident Registration Numbers and Bank Account Numbers",
        paragraphs: [
          "As a rule, the Company does not collect resident registration numbers. Only when an expert requests a withdrawal of earnings does the Company collect the expert's resident registration number, under Article 24-2(1)(1) of the Personal Information Protection Act, because laws such as Article 127 (Duty to Withhold Tax) and Article 164 (Submission of Payment Statements) of the Income Tax Act require its processing. The purpose and legal basis of the collection are also shown on the withdrawal request screen.",
          "Resident registration numbers are used only to fulfil tax obligations such as withholding and submitting payment statements, and are never used for other purposes such as identity verification or login. Members who are not experts are never asked for their resident registration number.",
          "Resident registration numbers are stored encrypted with AES-256 and are shown on screen only in masked form, with the last digits hidden (for example, 900101-1******). Bank account numbers for settlement are also stored encrypted. Permission to decrypt encrypted information is granted only to the minimum number of staff who strictly need it for settlement, and access is logged and reviewed.",
          "Resident registration numbers and payment records related to tax withholding are kept for 5 years under the Framework Act on National Taxes and then destroyed.",
        ],
      },
      {
        heading: "Location Information and Public Profile Information",
        paragraphs: [
          "Members can register up to 3 activity areas. Other users see only a coarse area name at the level of a neighbourhood (dong) or city, county or district. Exact coordinates (latitude and longitude) are used internally only to search for nearby experts and calculate distances, and are never disclosed to other users under any circumstances.",
          "The current location is collected only when the member allows location access on the device or browser, and the member can withdraw that permission at any time in the device or browser settings. Without allowing location access, members can still find nearby experts by choosing an area themselves.",
          "When the Company processes personal location information, it follows the procedures and protective measures set out in the Act on the Protection, Use, etc. of Location Information.",
          "The profile information visible to other users is the nickname, profile picture, introduction, coarse activity areas, riding experience, preferred genres, SNS links and the content the member has posted. For business members, information entered for display on the business profile, such as the business name, business type, business hours and main telephone number, may also be shown. E-mail addresses, mobile phone numbers, dates of birth, exact coordinates, bank account numbers and resident registration numbers are never made public.",
        ],
      },
      {
        heading: "Retention Period",
        paragraphs: [
          "As a rule, the Company destroys personal information without delay once the purpose of processing has been achieved, for example when a member withdraws. Information that the member deletes or whose permission the member withdraws, such as optional items or location information, stops being processed at that point.",
          "Meeting records and meeting chat messages are kept until the member withdraws, and the transaction records of paid meetings are kept for the statutory retention periods below.",
          "Personal information kept under the law is stored separately from other personal information and is not used for any purpose other than the retention purpose.",
          "However, the following information, which must be kept under applicable laws or is needed to prevent improper use, is kept for the stated periods.",
        ],
        items: [
          "Records of contracts, withdrawal of subscriptions and the like: 5 years (Act on the Consumer Protection in Electronic Commerce)",
          "Records of payment and supply of goods and services: 5 years (Act on the Consumer Protection in Electronic Commerce)",
          "Records of consumer complaints and dispute handling: 3 years (Act on the Consumer Protection in Electronic Commerce)",
          "Records of access to the Service (logs, access IP addresses and the like): 3 months (Protection of Communications Secrets Act)",
          "Tax books and supporting documents such as for withholding (including resident registration numbers and payment records): 5 years (Framework Act on National Taxes)",
          "Records of improper use (restrictions imposed and the sign-up identifier of the account concerned): 1 year from withdrawal, to prevent signing up again to evade a penalty",
        ],
      },
      {
        heading: "Destruction Procedure and Method",
        paragraphs: [
          "The Company destroys personal information without delay once the retention period has passed or the purpose of processing has been achieved. Information that must continue to be kept under the law is moved to a separate database, stored separately and destroyed when its retention period ends.",
          "Information in electronic files is permanently deleted using technical methods so that it cannot be recovered or reproduced, and information recorded on paper is shredded or incinerated.",
          "Content that a member has not deleted may remain after the member withdraws, so please delete any content you want removed before withdrawing.",
        ],
      },
      {
        heading: "Provision to Third Parties and Information Shown to Meeting Counterparts",
        paragraphs: [
          "The Company uses personal information only within the scope of the purposes of processing and does not provide it to third parties except in the following cases. At present there is no third party to which the Company regularly provides personal information.",
          "Once a meeting is formed, the counterpart can see, for the purpose of carrying out the meeting, the member's nickname, profile picture, introduction, coarse activity areas, riding experience, expert information (field, introduction, experience) and the meeting chat messages. For experts who are business members, the information published on their business profile is also shown. E-mail addresses, mobile phone numbers, dates of birth, exact coordinates, bank account numbers and resident registration numbers are not provided to the counterpart.",
          "Contact details, addresses, meeting places and the like that a member shares in the meeting chat become known to the counterpart, so please share them only as far as necessary. A meeting counterpart must not use personal information learned through a meeting for any purpose other than carrying out the meeting or provide it to anyone else.",
          "The exceptions for provision to third parties are as follows.",
        ],
        items: [
          "The data subject has given separate consent.",
          "A law has a special provision, or provision is unavoidable to comply with a legal obligation (for example, an investigative agency requests it according to the procedures and methods set by law).",
          "It is clearly necessary to protect the urgent life, bodily or property interests of the data subject or a third party.",
        ],
      },
      {
        heading: "Consignment of Processing and Overseas Transfer",
        paragraphs: [
          "When the Company enters into a consignment contract, it specifies in writing, under Article 26 of the Personal Information Protection Act, the prohibition on processing personal information for purposes other than the consigned work, technical and managerial protective measures, restrictions on re-consignment, management and supervision of the processor, and responsibility such as compensation for damage, and supervises whether the processor handles personal information securely. If a processor or the consigned work changes, the Company discloses this without delay through this policy.",
          "As a rule, the Company does not transfer members' personal information overseas. If an overseas transfer becomes necessary, the Company will, under Article 28-8 of the Personal Information Protection Act, give advance notice of the items transferred, the destination country, the time and method of transfer, the recipient, the recipient's purpose of use and retention period, and how to refuse the transfer, and will obtain consent where required.",
          "The Company consigns the following processing work in order to provide the Service smoothly.",
        ],
        items: [
          "Cloud server hosting provider: servers and data storage for operating the Service",
          "Payment gateway (PG): payment processing, payment cancellation and refunds",
          "SMS delivery agency: sending verification codes and notification text messages",
          "E-mail delivery agency: sending verification, notification and notice e-mails",
          "Map and address search service provider: displaying maps and searching addresses and areas",
        ],
      },
      {
        heading: "Data Subjects' Rights and How to Exercise Them",
        paragraphs: [
          "Members may at any time request access to, correction or deletion of, or suspension of processing of their personal information under Articles 35 to 37 of the Personal Information Protection Act, and may withdraw their consent to its collection and use.",
          "Members can view and edit their personal information and delete optional items directly in the settings menu of the Service, and can withdraw consent by withdrawing their membership. Permission for location information can be withdrawn in the device or browser settings. Other requests can be sent to the privacy officer by e-mail (privacy@motomate.kr); the Company will act on a request within 10 days of receiving it and notify the result.",
          "Rights can also be exercised through the member's legal representative or a person authorised by the member, in which case a power of attorney or other document proving the authority must be submitted.",
          "Requests for access or suspension of processing may be limited where a law has a special provision, where there is a risk of harm to another person's life or body, or where there is a risk of unfairly infringing another person's property or other interests. Deletion cannot be requested for personal information that other laws specify must be collected. In such cases the Company will explain the reason.",
          "When a member requests correction or deletion of personal information, the Company does not use or provide that information until it has completed the action.",
        ],
      },
      {
        heading: "Personal Information of Children under 14",
        paragraphs: [
          "Only persons aged 15 or over can sign up for the Service, so the Company does not collect personal information of children under 14.",
          "The Company checks age through the date of birth during sign-up, and if it finds that a person under 15 has signed up, it terminates the account and destroys the collected personal information without delay.",
        ],
      },
      {
        heading: "Installation, Operation and Refusal of Cookies and Other Automatic Collection Tools",
        paragraphs: [
          "A cookie is a small text file that a website stores in the user's browser. The Company uses cookies to keep members logged in, to store settings such as language, for security such as detecting improper logins, and for service usage statistics.",
          "Members can refuse to store cookies or delete stored cookies in the settings menu of their web browser (for example, Settings > Privacy and security > Cookies and site data). However, if cookies needed to keep you logged in are refused, services that require login cannot be used.",
        ],
      },
      {
        heading: "Measures to Ensure the Security of Personal Information",
        paragraphs: [
          "Under Article 29 of the Personal Information Protection Act, the Company takes the following measures to ensure the security of personal information.",
        ],
        items: [
          "Managerial measures: establishing and implementing an internal management plan, and minimising and regularly training the staff who handle personal information.",
          "Access control: granting access rights according to job duties, changing or revoking rights without delay when staff change, and applying secure authentication for administrator access.",
          "Encryption: one-way encryption of passwords, AES-256 encryption of resident registration numbers, encrypted storage of bank account numbers, and TLS (HTTPS) on all transmissions.",
          "Retention of access logs and prevention of tampering: keeping access logs of the personal information processing system for at least 2 years and reviewing them regularly.",
          "Security programs and intrusion prevention: access control such as firewalls, security updates and vulnerability checks.",
          "Physical measures: access control at the cloud data centres where the servers are located, and locked storage of documents and storage media containing personal information.",
        ],
      },
      {
        heading: "Privacy Officer",
        paragraphs: [
          "The Company has designated the privacy officer below to take overall responsibility for the processing of personal information and to handle data subjects' complaints and remedies for damage related to it. Members can contact the privacy officer with any inquiries, complaints or requests for remedies concerning personal information protection that arise while using the Service, and the Company will reply and deal with them without delay.",
        ],
        items: [
          "Position of the privacy officer: Head of Operations",
          "Contact (e-mail): privacy@motomate.kr",
        ],
      },
      {
        heading: "Remedies for Infringement",
        paragraphs: [
          "To obtain remedies for an infringement of personal information, members may apply for dispute resolution or counselling to the following bodies. Please also contact these bodies to report or seek advice on any other infringement of personal information.",
        ],
        items: [
          "Personal Information Dispute Mediation Committee: 1833-6972 (no area code), www.kopico.go.kr",
          "Personal Information Infringement Report Center (Korea Internet & Security Agency): 118 (no area code), privacy.kisa.or.kr",
          "Supreme Prosecutors' Office: 1301 (no area code), www.spo.go.kr",
          "Korean National Police Agency: 182 (no area code), ecrm.police.go.kr",
        ],
      },
      {
        heading: "Changes to This Privacy Policy",
        paragraphs: [
          "This Privacy Policy applies from December 1, 2026.",
          "When the Company changes this policy, it announces the changes and their effective date through the Service's announcements from at least 7 days before the effective date. Changes that are significant for members' rights, such as changes to the personal information collected, the purposes of use, provision to third parties or consignment, are announced from at least 30 days before the effective date, and consent is obtained again where required.",
          "The Company provides a way for members to check previous versions of this policy.",
        ],
      },
    ],
  },
};
