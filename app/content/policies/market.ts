import type { LocalizedPolicy } from "./types";

export const marketPolicy: LocalizedPolicy = {
  ko: {
    title: "모토메이트 중고거래 운영정책",
    effectiveDate: "2026-12-01",
    summary:
      "회원 사이의 이륜차·장비·부품 중고거래에 적용되는 등록 기준과 금지 품목, 안전거래 수칙, 사기 신고와 제재 기준을 안내합니다.",
    sections: [
      {
        heading: "목적과 회사의 지위",
        paragraphs: [
          "이 정책은 모토메이트 이용약관에 따라 중고거래 게시판에서 이루어지는 회원 사이의 거래에 적용되는 기준을 정합니다. 중고거래 게시물에는 게시판 운영정책도 함께 적용됩니다.",
          "회사는 회원이 판매글과 구매글을 올릴 수 있는 공간을 제공하는 통신판매중개자이며, 거래의 당사자가 아닙니다. 물품의 상태와 적법성, 거래 조건, 대금 지급, 물품 인도, 하자 처리, 명의 이전 등 거래에 관한 책임은 판매자와 구매자에게 있습니다.",
          "회사는 거래 대금을 보관하거나 지급을 보증하지 않으며, 회사 이름으로 된 안전결제 서비스를 제공하지 않습니다. 모토메이트 안전결제를 사칭하는 링크나 메시지는 모두 사기이므로 절대 이용하지 마세요.",
        ],
      },
      {
        heading: "거래 카테고리",
        paragraphs: [
          "물품에 맞는 카테고리를 선택해 주세요. 카테고리를 잘못 선택한 게시물은 운영자가 옮기거나 삭제할 수 있습니다.",
        ],
        items: [
          "구해요: 구매를 원하는 물품을 찾는 글",
          "안전장비: 헬멧, 재킷, 장갑, 부츠, 보호대 등 라이딩 안전장비",
          "부품: 순정·애프터마켓 부품, 소모품, 액세서리",
          "배달용품: 배달통, 거치대, 방한용품 등 배달 라이더를 위한 장비",
          "125cc 초과 매뉴얼: 배기량 125cc 초과 수동 변속 차량",
          "125cc 초과 스쿠터: 배기량 125cc 초과 스쿠터",
          "125cc 이하 매뉴얼: 배기량 125cc 이하 수동 변속 차량",
          "125cc 이하 스쿠터: 배기량 125cc 이하 스쿠터",
        ],
      },
      {
        heading: "차량 판매글 등록 기준",
        paragraphs: [
          "차량 판매글은 회원 한 명당 최대 3건까지 게시할 수 있습니다. 새 판매글을 올리려면 기존 판매글을 삭제해야 하며, 여러 계정을 이용해 이 제한을 피하는 행위는 금지됩니다.",
          "구매자가 차량을 정확히 판단할 수 있도록 차량 판매글에는 다음 정보를 사실대로 적어 주세요.",
        ],
        items: [
          "제조사, 모델명, 연식, 배기량, 주행거리",
          "이륜자동차 사용신고필증 등 등록 서류의 보유 여부",
          "사고, 침수, 도색 이력과 주요 정비 이력",
          "튜닝 내역과 구조·장치 변경 승인 여부",
          "판매하는 차량을 직접 촬영한 사진(다른 게시물의 사진 사용 금지, 번호판은 가려도 됩니다)",
          "실제 판매 가격(구매자를 끌기 위한 거짓 가격 금지)",
        ],
      },
      {
        heading: "거래 금지 품목",
        paragraphs: [
          "다음 물품은 거래할 수 없습니다. 발견되면 게시물을 삭제하고 작성자를 제재하며, 필요한 경우 수사기관에 알립니다.",
        ],
        items: [
          "도난 차량, 도난이 의심되는 물품, 차대번호가 훼손되거나 변조된 차량",
          "이륜자동차 사용신고필증 등 등록 서류가 없는 차량, 번호판이나 등록 서류만 따로 거래하는 경우",
          "불법 부품: 소음 기준을 넘거나 인증받지 않은 배기 장치, 불법 등화 장치, 번호판 가림·각도 조절 장치, 단속 장비 회피 장치, 주행거리 조작 장치",
          "가품과 위조 장비: 상표를 위조한 제품, 안전 인증 표시를 위조하거나 변조한 헬멧 등 안전장비",
          "그 밖에 관계 법령에서 거래를 금지하거나 제한하는 물품",
        ],
      },
      {
        heading: "게시글 작성과 거래 상태 표시",
        paragraphs: [
          "판매·구매 등 글의 성격을 나타내는 말머리와 판매중, 예약중, 거래완료 등 거래 상태를 정확하게 표시해 주세요. 거래가 끝나면 지체 없이 거래완료로 표시하여 다른 회원이 헛걸음하지 않도록 해 주세요.",
          "같은 물품을 여러 번 올리거나 여러 카테고리에 중복해서 올리지 마세요. 물품의 하자나 이력을 숨기거나 사실과 다르게 적어서는 안 됩니다.",
          "업자가 개인인 것처럼 위장하여 판매하는 것은 금지되며, 사업으로 판매하는 경우 사업자 회원으로 등록하고 업체 정보를 밝혀야 합니다.",
          "본문에 전화번호 등 연락처를 공개하면 스팸이나 사기에 이용될 수 있으니 주의해 주세요.",
        ],
      },
      {
        heading: "안전거래 수칙",
        paragraphs: ["안전한 거래를 위해 다음 수칙을 꼭 지켜 주세요."],
        items: [
          "가능하면 직접 만나 물품을 확인한 뒤 거래하고, 밝고 사람이 많은 공개된 장소에서 만나세요.",
          "차량을 거래할 때에는 판매자의 신분증과 이륜자동차 사용신고필증(자동차로 등록된 차량은 자동차등록원부)의 소유자 정보가 일치하는지, 서류의 차대번호가 차량의 차대번호와 같은지 확인하세요. 자동차등록원부가 있는 차량은 압류와 저당 여부도 확인하세요.",
          "물품을 확인하기 전에는 선입금, 계약금, 택배비 등 어떤 명목으로도 먼저 송금하지 마세요.",
          "안전결제나 택배 거래를 핑계로 외부 링크나 외부 메신저로 유도하면 사기일 가능성이 높습니다.",
          "시승은 운전면허가 있고 보험이 적용되는 경우에만 하고, 시승 조건을 미리 정하세요.",
          "차량 거래가 끝나면 구매자는 관할 관청에 이전 신고를 하고 의무보험에 가입해야 하며, 판매자는 이전 신고가 완료되었는지 확인해야 나중의 과태료나 사고 책임 문제를 피할 수 있습니다.",
          "부득이하게 택배로 거래한다면 대화 내용, 송금 내역, 송장 번호를 보관하고, 송금 전에 경찰청 등에서 제공하는 사기 피해 신고 이력 조회 서비스로 상대방의 계좌와 연락처를 확인하세요.",
        ],
      },
      {
        heading: "사기 신고와 대응",
        paragraphs: [
          "사기가 의심되는 게시물이나 회원을 발견하면 신고 기능으로 바로 알려 주시고, 대화 내용과 송금 내역 등 증빙 자료를 함께 제출해 주세요.",
          "회사는 신고를 검토하여 게시물을 블라인드 처리하거나 삭제하고, 해당 회원의 이용을 정지할 수 있으며, 수사기관이 법령에 따른 절차로 요청하면 관련 자료를 제공합니다.",
          "피해를 입었다면 경찰(112 또는 경찰청 사이버범죄 신고시스템 ecrm.police.go.kr)에 신고하고, 송금한 금융회사에 즉시 연락하세요.",
          "회사는 거래의 당사자가 아니므로 회원 사이의 거래로 생긴 손해를 보상하지 않습니다. 다만 회사의 고의 또는 중대한 과실로 손해가 생긴 경우에는 관계 법령에 따라 책임을 집니다.",
        ],
      },
      {
        heading: "제재 기준",
        paragraphs: [
          "제재를 하는 경우 사유와 기간을 해당 회원에게 알리며, 회원은 통지를 받은 날부터 7일 이내에 이의를 신청할 수 있습니다.",
          "이 정책을 위반하면 위반의 정도와 횟수에 따라 다음과 같이 제재합니다.",
        ],
        items: [
          "카테고리 오선택, 거래 상태 미갱신, 중복 게시 등 가벼운 위반: 게시물 이동이나 삭제와 경고",
          "가벼운 위반의 반복, 물품 정보를 거짓으로 기재하거나 하자를 숨긴 경우, 여러 계정으로 차량 판매글 제한을 피한 경우: 중고거래 7일 또는 30일 이용 제한",
          "도난품, 등록 서류 없는 차량, 불법 부품, 가품 거래, 사기: 즉시 서비스 영구 이용 정지와 수사기관 신고",
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
    title: "Moto Mate Market Policy",
    effectiveDate: "2026-12-01",
    summary:
      "This policy explains the listing rules, prohibited items, safe trading guidelines, fraud reporting and sanctions that apply to used motorcycle, gear and parts trades between members.",
    sections: [
      {
        heading: "Purpose and the Company's Role",
        paragraphs: [
          "Under the Moto Mate Terms of Service, this policy sets out the rules for trades between members on the market board. Market content is also subject to the Community Board Policy.",
          "The Company is a mail-order brokerage (intermediary) that provides a space where members can post sale and wanted listings, and is not a party to any trade. Responsibility for the trade, including the condition and legality of the item, the trade terms, payment, delivery, handling of defects and transfer of ownership, lies with the seller and the buyer.",
          "The Company does not hold trade payments or guarantee payment, and does not offer any safe payment service in its name. Any link or message claiming to be Moto Mate safe payment is a scam; never use it.",
        ],
      },
      {
        heading: "Trade Categories",
        paragraphs: [
          "Please choose the category that fits your item. Administrators may move or delete listings posted in the wrong category.",
        ],
        items: [
          "Wanted: listings looking for an item you want to buy",
          "Safety gear: riding safety gear such as helmets, jackets, gloves, boots and protectors",
          "Parts: genuine and aftermarket parts, consumables and accessories",
          "Delivery gear: equipment for delivery riders such as delivery boxes, mounts and cold-weather gear",
          "Manual over 125cc: manual-transmission vehicles with an engine displacement over 125cc",
          "Scooter over 125cc: scooters with an engine displacement over 125cc",
          "Manual 125cc or under: manual-transmission vehicles with an engine displacement of 125cc or under",
          "Scooter 125cc or under: scooters with an engine displacement of 125cc or under",
        ],
      },
      {
        heading: "Rules for Vehicle Sale Listings",
        paragraphs: [
          "Each member may post up to 3 vehicle sale listings. To post a new sale listing, you must delete an existing one, and using multiple accounts to get around this limit is prohibited.",
          "So that buyers can judge the vehicle accurately, please state the following information truthfully in vehicle sale listings.",
        ],
        items: [
          "Manufacturer, model, model year, engine displacement and mileage",
          "Whether you have the registration documents, such as the motorcycle use report certificate",
          "Accident, flood and repaint history, and major maintenance history",
          "Tuning history and whether structural or equipment changes have been approved",
          "Photos you took yourself of the vehicle being sold (photos from other listings may not be used; you may blur the licence plate)",
          "The actual sale price (no false prices to lure buyers)",
        ],
      },
      {
        heading: "Prohibited Items",
        paragraphs: [
          "The following items may not be traded. If found, the listing is deleted, the author is sanctioned and, where necessary, investigative agencies are notified.",
        ],
        items: [
          "Stolen vehicles, items suspected of being stolen, and vehicles whose frame number has been damaged or altered",
          "Vehicles without registration documents such as the motorcycle use report certificate, and trades of licence plates or registration documents on their own",
          "Illegal parts: exhaust systems that exceed noise limits or are not certified, illegal lighting, devices that cover plates or adjust their angle, devices for evading enforcement equipment, and odometer tampering devices",
          "Counterfeit and forged gear: products with forged trademarks, and helmets or other safety gear with forged or altered safety certification marks",
          "Any other items whose trade is prohibited or restricted by applicable laws",
        ],
      },
      {
        heading: "Writing Listings and Showing Trade Status",
        paragraphs: [
          "Please show accurately the heading that indicates the type of listing, such as selling or buying, and the trade status, such as on sale, reserved or completed. When a trade is finished, mark it as completed without delay so that other members do not waste their time.",
          "Do not post the same item several times or in several categories. You must not hide an item's defects or history or describe them untruthfully.",
          "Dealers posing as private individuals are not allowed. If you sell as a business, you must register as a business member and disclose your business information.",
          "Be careful about publishing your phone number or other contact details in a listing, as they may be used for spam or fraud.",
        ],
      },
      {
        heading: "Safe Trading Guidelines",
        paragraphs: ["For a safe trade, please be sure to follow these guidelines."],
        items: [
          "Whenever possible, meet in person, check the item and then trade, and meet in a bright, busy public place.",
          "When trading a vehicle, check that the seller's ID matches the owner on the motorcycle use report certificate (or, for vehicles registered as automobiles, the automobile register) and that the frame number on the document matches the frame number on the vehicle. For vehicles with an automobile register, also check for seizures and mortgages.",
          "Do not send money in advance for any reason, such as a prepayment, deposit or shipping fee, before you have checked the item.",
          "If someone tries to move you to an external link or messenger on the pretext of safe payment or shipping, it is very likely a scam.",
          "Test rides should take place only if the rider holds a licence and insurance applies, and the conditions of the test ride should be agreed in advance.",
          "After a vehicle trade, the buyer must report the transfer to the competent authority and take out compulsory insurance, and the seller should confirm that the transfer has been reported to avoid later fines or liability for accidents.",
          "If you have to trade by courier, keep the chat history, transfer records and tracking number, and before sending money check the other party's account and contact details with a fraud report lookup service such as the one provided by the National Police Agency.",
        ],
      },
      {
        heading: "Fraud Reporting and Response",
        paragraphs: [
          "If you find a listing or member you suspect of fraud, please let us know right away using the report feature and submit supporting evidence such as the chat history and transfer records.",
          "The Company reviews reports and may blind or delete the listing and suspend the member, and provides the relevant information when an investigative agency requests it through the procedures set by law.",
          "If you have suffered a loss, report it to the police (112 or the National Police Agency's cybercrime reporting system, ecrm.police.go.kr) and contact the financial institution you sent the money through immediately.",
          "Because the Company is not a party to trades, it does not compensate for losses arising from trades between members. However, the Company is liable under applicable laws for losses caused by its wilful misconduct or gross negligence.",
        ],
      },
      {
        heading: "Sanctions",
        paragraphs: [
          "When a sanction is imposed, the member is notified of the reason and duration and may file an objection within 7 days of receiving the notice.",
          "Violations of this policy are sanctioned as follows according to their severity and frequency.",
        ],
        items: [
          "Minor violations such as choosing the wrong category, not updating the trade status or duplicate listings: the listing is moved or deleted and a warning is given",
          "Repeated minor violations, false item information or hidden defects, or using multiple accounts to get around the vehicle listing limit: market use restricted for 7 or 30 days",
          "Trading stolen goods, vehicles without registration documents, illegal parts or counterfeit goods, or fraud: immediate permanent suspension from the Service and a report to investigative agencies",
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
