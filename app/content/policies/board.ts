import type { LocalizedPolicy } from "./types";

export const boardPolicy: LocalizedPolicy = {
  ko: {
    title: "모토메이트 게시판 운영정책",
    effectiveDate: "2026-12-01",
    summary:
      "라이더 누구나 믿고 읽고 쓸 수 있는 커뮤니티를 위해 게시판별 이용 기준, 금지되는 게시물, 신고와 제재 절차를 안내합니다.",
    sections: [
      {
        heading: "목적과 적용 범위",
        paragraphs: [
          "이 정책은 모토메이트 이용약관에 따라 커뮤니티 게시판의 글과 댓글, 오너 리뷰 등 회원이 작성하는 게시물에 적용되는 기준을 정합니다. 중고거래 게시물에는 중고거래 운영정책이 함께 적용됩니다.",
          "모토메이트 커뮤니티는 안전한 라이딩 문화, 서로에 대한 존중, 정확한 정보 공유를 가장 중요하게 생각합니다. 이 정책에서 정하지 않은 사항은 이용약관과 관계 법령에 따릅니다.",
        ],
      },
      {
        heading: "게시판별 게시 기준",
        paragraphs: [
          "게시물은 각 게시판의 목적에 맞게 작성해 주세요. 목적에 맞지 않는 게시물은 운영자가 알맞은 게시판으로 옮기거나 숨길 수 있습니다.",
        ],
        items: [
          "질문답변: 차량 구매, 정비, 장비, 면허, 보험 등 궁금한 점을 묻고 답하는 게시판입니다. 답변이 달린 질문은 다른 회원에게도 도움이 되므로 가급적 삭제하지 말아 주세요.",
          "자유: 라이더의 일상과 자유로운 이야기를 나누는 게시판입니다. 다른 게시판의 목적에 맞는 글은 해당 게시판에 올려 주세요.",
          "이슈: 이륜차 관련 뉴스, 법령과 제도 변경, 리콜, 업계 소식을 공유합니다. 출처를 밝히고, 기사 전문을 옮기지 말고 요약과 링크로 소개해 주세요.",
          "루트: 투어와 라이딩 코스를 추천하고 후기를 나눕니다. 통제 구간이나 위험 구간 정보는 정확하게 적어 주시고, 고속도로·자동차전용도로 진입 등 이륜차 통행이 금지된 길로 안내하는 코스는 올릴 수 없습니다.",
          "라이딩: 라이딩 후기, 주행 기술, 함께 달릴 동료 모집 글을 올립니다. 동반 라이딩 모집 글에는 일시, 집결지, 코스, 예상 속도를 적어 주세요. 동반 라이딩 참여와 안전은 각 참가자의 책임입니다.",
          "튜닝: 구조·장치 변경 승인 등 적법한 절차를 거친 튜닝과 커스텀 정보를 나눕니다. 승인이 필요한 튜닝은 승인 여부를 함께 적어 주세요.",
          "갤러리: 직접 촬영한 차량과 라이딩 사진을 올립니다. 다른 사람의 얼굴이나 번호판이 보이면 가려 주세요.",
          "업체: 사업자 회원이 자신의 업체와 서비스, 이벤트를 소개하는 게시판으로, 홍보 글이 허용되는 유일한 게시판입니다.",
          "도난 신고: 도난당한 차량과 장비 정보(차종, 색상, 특징, 도난 일시와 장소, 차대번호 일부 등)를 공유합니다. 먼저 경찰에 신고한 뒤 작성하시고, 되찾으면 글의 상태를 갱신해 주세요. 용의자로 의심되는 사람의 신상을 공개해서는 안 됩니다.",
          "차량 관리: 세차, 보관, 소모품 교체 주기, 셀프 정비 등 차량 관리 노하우를 나눕니다.",
        ],
      },
      {
        heading: "비공개 글",
        paragraphs: [
          "일부 게시판에서는 작성자 본인만 볼 수 있는 비공개 글을 작성할 수 있습니다.",
          "비공개 글에도 이 정책이 똑같이 적용됩니다. 운영자는 신고 처리, 법령에 따른 요청, 서비스 보안 등 꼭 필요한 경우에만 필요한 범위에서 비공개 글을 확인할 수 있습니다.",
        ],
      },
      {
        heading: "게시물 작성 기준",
        paragraphs: ["게시물을 작성할 때에는 다음 기준을 지켜 주세요."],
        items: [
          "이미지는 게시물 하나에 최대 10장까지 첨부할 수 있습니다.",
          "동영상은 YouTube 영상만 게시물 하나에 1개까지 삽입할 수 있습니다.",
          "제목은 내용을 알 수 있게 작성하고, 내용과 관계없는 자극적인 제목은 쓰지 마세요.",
          "같은 내용을 반복해서 올리거나 여러 게시판에 중복해서 올리지 마세요.",
          "사진과 영상에 나온 다른 사람의 얼굴, 번호판 등 개인을 알아볼 수 있는 정보는 가려 주세요.",
          "오너 리뷰는 등록한 때부터 24시간 이내에만 수정할 수 있으므로, 등록 전에 내용을 충분히 확인해 주세요.",
        ],
      },
      {
        heading: "금지되는 게시물",
        paragraphs: [
          "다음 게시물은 작성할 수 없으며, 발견되면 삭제하거나 블라인드 처리하고 작성자를 제재할 수 있습니다.",
        ],
        items: [
          "불법 튜닝 홍보·조장: 승인 없는 구조·장치 변경, 소음 기준을 넘거나 인증받지 않은 배기 장치, 불법 등화 장치, 번호판 가림·훼손 장치, 단속 장비 회피 장치의 판매, 시공, 방법 안내",
          "난폭·위험 운전 미화: 과속, 신호 위반, 차로 사이 급격한 끼어들기, 보도 주행, 고속도로 진입, 폭주 등 법규 위반 장면을 자랑하거나 미화하고 따라 하도록 부추기는 영상, 사진, 글. 사고 예방과 교육을 위한 영상은 그 목적을 밝히고 위반 행위를 미화하지 않는 경우에 한하여 허용합니다.",
          "명예훼손과 모욕: 사실 또는 거짓 사실을 드러내 특정인이나 업체의 명예를 훼손하는 글, 욕설, 비하, 혐오·차별 표현",
          "개인정보 노출: 본인의 동의 없이 다른 사람의 실명, 연락처, 주소, 차량번호, 얼굴 등 개인을 알아볼 수 있는 정보를 공개하는 게시물(도난 신고 게시판의 도난 차량 정보는 제외)",
          "스팸과 광고: 업체 게시판이 아닌 곳의 상업 광고와 홍보, 추천인 코드, 외부 사이트 유도 링크, 도배",
          "저작권 침해: 다른 사람의 사진, 영상, 기사, 정비 매뉴얼 등을 허락 없이 올리는 게시물, 불법 다운로드 링크",
          "음란물, 청소년에게 유해한 정보, 불법 도박 등 사행성 정보",
          "도난품이나 불법 물품 거래의 알선, 그 밖에 범죄를 조장하거나 관계 법령을 위반하는 게시물",
        ],
      },
      {
        heading: "업체 게시판과 광고",
        paragraphs: [
          "업체 게시판에는 사업자 회원이 자신의 업체, 서비스, 이벤트와 할인 정보를 소개하는 글을 올릴 수 있습니다. 가격과 조건은 명확하게 적어야 하며, 거짓이거나 과장된 광고, 다른 업체를 비방하는 광고는 할 수 없습니다.",
          "업체에서 대가(금전, 무상 제공, 할인 등)를 받고 다른 게시판에 후기나 추천 글을 쓰는 경우 「표시·광고의 공정화에 관한 법률」에 따라 대가를 받았다는 사실을 글에 분명히 밝혀야 합니다. 대가 관계를 숨긴 광고는 금지되는 광고로 봅니다.",
          "개인 회원이 일반 게시판에서 직접 경험한 업체를 언급하는 것은 자유롭지만, 반복적으로 특정 업체를 홍보하는 글은 광고로 보아 조치할 수 있습니다.",
        ],
      },
      {
        heading: "신고와 처리 절차",
        paragraphs: [
          "명예훼손이나 사생활 침해 등 게시물로 권리를 침해받은 사람은 「정보통신망 이용촉진 및 정보보호 등에 관한 법률」에 따라 해당 게시물의 삭제나 반박 내용의 게재를 요청할 수 있습니다. 권리 침해 여부를 판단하기 어렵거나 다툼이 예상되면 회사는 최대 30일 동안 게시물을 블라인드 처리하는 임시조치를 할 수 있으며, 작성자는 이에 대해 재게시를 요청할 수 있습니다.",
          "자살이나 범죄 예고, 아동·청소년 대상 범죄 등 긴급한 위험이 있는 게시물은 절차와 관계없이 즉시 조치하고 관계 기관에 알립니다.",
          "정책을 위반한 게시물이나 회원을 발견하면 게시물, 댓글, 프로필의 신고 기능으로 알려 주세요. 신고는 다음 순서로 처리합니다.",
        ],
        items: [
          "1단계 신고 접수: 신고 사유를 선택하고 필요한 설명을 적어 신고합니다. 허위 신고나 보복성 반복 신고는 제재 대상이 될 수 있습니다.",
          "2단계 검토: 운영자가 이 정책과 관계 법령에 따라 검토하며, 필요하면 작성자에게 소명을 요청합니다. 확산 우려가 큰 게시물은 검토가 끝날 때까지 블라인드 처리할 수 있습니다.",
          "3단계 조치: 검토 결과에 따라 게시물 유지, 블라인드 처리, 삭제, 다른 게시판으로 이동, 작성자 제재 중 필요한 조치를 합니다.",
          "4단계 결과 안내: 신고자와 작성자에게 처리 결과를 알립니다.",
          "5단계 이의 신청: 조치에 동의하지 않으면 결과를 안내받은 날부터 7일 이내에 이의를 신청할 수 있으며, 운영자가 다시 검토하여 결과를 알립니다.",
        ],
      },
      {
        heading: "차단과 블라인드 처리",
        paragraphs: [
          "회원은 원하지 않는 다른 회원을 차단할 수 있습니다. 차단한 회원의 게시물과 댓글은 블라인드 처리되어 차단한 회원에게 내용이 보이지 않으며, 차단을 해제하면 다시 보입니다.",
          "운영자가 신고 검토나 임시조치로 블라인드 처리한 게시물은 처리 사유가 해소될 때까지 다른 회원에게 내용이 표시되지 않습니다.",
        ],
      },
      {
        heading: "제재 기준",
        paragraphs: [
          "범죄 행위, 도난품이나 불법 물품 거래, 개인정보 유포, 음란물 게시, 해킹 등 중대한 위반은 단계와 관계없이 즉시 영구 이용 정지할 수 있으며, 필요한 경우 수사기관에 알립니다.",
          "제재를 하는 경우 사유와 기간을 해당 회원에게 알리며, 회원은 통지를 받은 날부터 7일 이내에 이의를 신청할 수 있습니다. 노쇼에 대한 제재는 이용약관에서 따로 정합니다.",
          "정책을 위반하면 위반의 정도, 횟수, 고의성을 고려하여 다음과 같이 단계적으로 제재합니다.",
        ],
        items: [
          "1단계: 게시물 조치와 경고",
          "2단계: 글쓰기와 댓글 7일 제한",
          "3단계: 글쓰기와 댓글 30일 제한",
          "4단계: 서비스 영구 이용 정지",
        ],
      },
      {
        heading: "게시판 분류의 변경과 게시물 정리",
        paragraphs: [
          "회사는 서비스 운영에 필요한 경우 게시판이나 분류(카테고리)를 새로 만들거나 통합, 변경, 폐지할 수 있습니다.",
          "분류를 폐지하거나 통합하면서 해당 분류의 게시물을 정리해야 하는 경우, 회사는 가능하면 게시물을 다른 게시판으로 옮기는 방법을 우선 검토합니다. 게시물을 삭제해야 하는 경우에는 최소 7일 전에 공지사항으로 알려 회원이 게시물을 백업할 수 있게 하며, 공지한 기간이 지나면 해당 분류의 게시물을 삭제할 수 있습니다.",
        ],
      },
      {
        heading: "정책의 변경",
        paragraphs: [
          "회사는 이 정책을 변경하는 경우 변경 내용과 적용일을 적용일 7일 전부터 서비스 공지사항을 통해 알립니다.",
          "이 정책은 2026년 12월 1일부터 시행합니다.",
        ],
      },
    ],
  },
  en: {
    title: "Moto Mate Community Board Policy",
    effectiveDate: "2026-12-01",
    summary:
      "To keep a community that every rider can trust to read and write in, this policy explains the rules for each board, the content that is prohibited, and the reporting and sanction procedures.",
    sections: [
      {
        heading: "Purpose and Scope",
        paragraphs: [
          "Under the Moto Mate Terms of Service, this policy sets out the rules that apply to content members create, such as posts and comments on the community boards and owner reviews. Market content is also subject to the Market Policy.",
          "The Moto Mate community values a safe riding culture, mutual respect and sharing accurate information above all. Matters not covered by this policy are governed by the Terms of Service and applicable laws.",
        ],
      },
      {
        heading: "Rules for Each Board",
        paragraphs: [
          "Please post content that fits the purpose of each board. Administrators may move content that does not fit to a suitable board or hide it.",
        ],
        items: [
          "Q&A: a board for asking and answering questions about buying a vehicle, repair, gear, licences, insurance and the like. Questions that have received answers help other members too, so please avoid deleting them.",
          "Free: a board for riders' everyday life and open conversation. Please post content that fits another board's purpose on that board.",
          "Issues: share news about motorcycles, changes to laws and regulations, recalls and industry news. State the source, and introduce articles with a summary and a link instead of copying the full text.",
          "Routes: recommend touring and riding routes and share reviews of them. Please describe closed or dangerous sections accurately. Routes that lead onto roads closed to motorcycles, such as expressways and motorway-only roads, may not be posted.",
          "Riding: post riding reviews, riding techniques and calls for riding companions. When recruiting for a group ride, please state the date and time, meeting point, route and expected pace. Participation in and safety during group rides are each participant's own responsibility.",
          "Tuning: share information on tuning and customisation carried out through lawful procedures, such as approval of structural or equipment changes. For tuning that requires approval, please state whether it has been approved.",
          "Gallery: post photos of vehicles and rides that you took yourself. If other people's faces or licence plates are visible, please blur them.",
          "Business: a board where business members introduce their business, services and events; it is the only board where promotional posts are allowed.",
          "Theft reports: share information on stolen vehicles and gear (model, colour, distinguishing features, date, time and place of the theft, part of the frame number and the like). Please report to the police first, and update the post if the item is recovered. You must not disclose the personal details of anyone you suspect.",
          "Vehicle care: share know-how on vehicle care such as washing, storage, replacement intervals for consumables and DIY maintenance.",
        ],
      },
      {
        heading: "Private Posts",
        paragraphs: [
          "On some boards you can write private posts that only you, the author, can see.",
          "This policy applies equally to private posts. Administrators may view a private post only when strictly necessary, such as for handling a report, a request under the law or service security, and only to the extent necessary.",
        ],
      },
      {
        heading: "Posting Rules",
        paragraphs: ["Please follow these rules when posting."],
        items: [
          "You can attach up to 10 images per post.",
          "You can embed videos only from YouTube, and only one per post.",
          "Write titles that reflect the content, and do not use sensational titles unrelated to the content.",
          "Do not post the same content repeatedly or cross-post it to several boards.",
          "Blur other people's faces, licence plates and other information that can identify individuals in photos and videos.",
          "Owner reviews can be edited only within 24 hours of posting, so please check the content carefully before posting.",
        ],
      },
      {
        heading: "Prohibited Content",
        paragraphs: [
          "The following content may not be posted. If found, it may be deleted or blinded and the author may be sanctioned.",
        ],
        items: [
          "Promoting or encouraging illegal tuning: selling, installing or explaining how to make unapproved structural or equipment changes, exhaust systems that exceed noise limits or are not certified, illegal lighting, devices that cover or damage licence plates, or devices for evading enforcement equipment.",
          "Glorifying reckless or dangerous riding: videos, photos or posts that show off or glorify breaking traffic laws, such as speeding, running red lights, abrupt cutting between lanes, riding on pavements, entering expressways or street racing, or that encourage others to imitate them. Videos for accident prevention and education are allowed only if they state that purpose and do not glorify the violations.",
          "Defamation and insults: posts that damage the reputation of a particular person or business by revealing true or false facts, swearing, belittling, and hateful or discriminatory expression.",
          "Exposure of personal information: content that discloses another person's real name, contact details, address, vehicle registration number, face or other identifying information without their consent (except information about stolen vehicles on the theft reports board).",
          "Spam and advertising: commercial advertisements and promotions outside the business board, referral codes, links luring users to external sites, and flooding.",
          "Copyright infringement: posting other people's photos, videos, articles, repair manuals and the like without permission, and illegal download links.",
          "Obscene material, information harmful to minors, and illegal gambling or other speculative content.",
          "Arranging trades in stolen or illegal goods, and any other content that encourages crime or violates applicable laws.",
        ],
      },
      {
        heading: "The Business Board and Advertising",
        paragraphs: [
          "On the business board, business members may post introductions of their business, services, events and discounts. Prices and conditions must be stated clearly, and false or exaggerated advertising or advertising that disparages other businesses is not allowed.",
          "Anyone who writes a review or recommendation on another board in return for something from a business (money, free goods or services, discounts and the like) must clearly disclose that fact in the post, as required by the Act on Fair Labeling and Advertising. Advertising that hides such a relationship is treated as prohibited advertising.",
          "Individual members are free to mention businesses they have actually used on the general boards, but repeated posts promoting a particular business may be treated as advertising and acted upon.",
        ],
      },
      {
        heading: "Reporting and Handling Procedure",
        paragraphs: [
          "A person whose rights, such as reputation or privacy, are infringed by content may request that it be deleted or that a rebuttal be posted, under the Act on Promotion of Information and Communications Network Utilization and Information Protection. If it is difficult to judge whether rights have been infringed or a dispute is expected, the Company may take a temporary measure of blinding the content for up to 30 days, and the author may request that it be reposted.",
          "Content posing an urgent risk, such as announcements of suicide or crimes, or crimes against children and adolescents, is acted on immediately regardless of the procedure, and the relevant authorities are notified.",
          "If you find content or a member that violates this policy, please let us know using the report feature on the post, comment or profile. Reports are handled in the following steps.",
        ],
        items: [
          "Step 1, report received: choose a reason for the report and add any necessary explanation. False reports or repeated retaliatory reports may themselves be sanctioned.",
          "Step 2, review: an administrator reviews the report against this policy and applicable laws and, if necessary, asks the author for an explanation. Content with a high risk of spreading may be blinded until the review is complete.",
          "Step 3, action: depending on the review, the necessary action is taken: keeping the content, blinding it, deleting it, moving it to another board or sanctioning the author.",
          "Step 4, notice of result: the reporter and the author are notified of the result.",
          "Step 5, objection: if you disagree with the action, you may file an objection within 7 days of being notified of the result, and an administrator will review it again and notify you of the outcome.",
        ],
      },
      {
        heading: "Blocking and Blinding",
        paragraphs: [
          "Members can block other members they do not want to see. Posts and comments by a blocked member are blinded so that their content is not shown to the member who blocked them, and they are shown again when the block is removed.",
          "Content that an administrator has blinded during a report review or as a temporary measure is not shown to other members until the reason for blinding has been resolved.",
        ],
      },
      {
        heading: "Sanctions",
        paragraphs: [
          "Serious violations such as criminal acts, trading stolen or illegal goods, spreading personal information, posting obscene material or hacking may lead to immediate permanent suspension regardless of the steps, and investigative agencies are notified where necessary.",
          "When a sanction is imposed, the member is notified of the reason and duration and may file an objection within 7 days of receiving the notice. Sanctions for no-shows are set out separately in the Terms of Service.",
          "Violations of this policy are sanctioned step by step as follows, taking into account their severity, frequency and intent.",
        ],
        items: [
          "Step 1: action on the content and a warning",
          "Step 2: posting and commenting restricted for 7 days",
          "Step 3: posting and commenting restricted for 30 days",
          "Step 4: permanent suspension from the Service",
        ],
      },
      {
        heading: "Changes to Board Categories and Clean-up of Content",
        paragraphs: [
          "Where necessary for operating the Service, the Company may create, merge, change or abolish boards and categories.",
          "If abolishing or merging a category requires its content to be cleaned up, the Company will first consider moving the content to another board where possible. If content has to be deleted, the Company will announce it in the announcements at least 7 days in advance so that members can back up their content, and may delete the content in that category once the announced period has passed.",
        ],
      },
      {
        heading: "Changes to This Policy",
        paragraphs: [
          "When the Company changes this policy, it announces the changes and their effective date through the Service's announcements from at least 7 days before the effective date.",
          "This policy takes effect on December 1, 2026.",
        ],
      },
    ],
  },
};
