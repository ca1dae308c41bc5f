/**
 * Bangladesh's administrative geography for school addresses: 8 divisions, 64 districts and their
 * upazilas (494), in English and Bangla, and the thanas of the cities (METRO_THANAS below), which
 * a city school names as its "upazilla". Seeded by seedReference on every start (idempotent), so a
 * fresh database and every test database have it, and a database seeded before gains the thanas at
 * its next start. Names follow the government's current English spellings (Chattogram, Cumilla,
 * Barishal, Bogura, Jashore). Each district's upazilas are one string, "English:বাংলা" pairs
 * separated by commas, to keep this file readable.
 */

export interface GeoDistrict {
  name: string;
  nameBn: string;
  upazilas: { name: string; nameBn: string }[];
}
export interface GeoDivision {
  name: string;
  nameBn: string;
  districts: GeoDistrict[];
}

type Raw = readonly [division: string, divisionBn: string, districts: readonly (readonly [string, string, string])[]];

const RAW: readonly Raw[] = [
  [
    'Dhaka',
    'ঢাকা',
    [
      [
        'Narsingdi',
        'নরসিংদী',
        'Belabo:বেলাবো,Monohardi:মনোহরদী,Narsingdi Sadar:নরসিংদী সদর,Palash:পলাশ,Raipura:রায়পুরা,Shibpur:শিবপুর',
      ],
      [
        'Gazipur',
        'গাজীপুর',
        'Kaliganj:কালীগঞ্জ,Kaliakair:কালিয়াকৈর,Kapasia:কাপাসিয়া,Gazipur Sadar:গাজীপুর সদর,Sreepur:শ্রীপুর',
      ],
      [
        'Shariatpur',
        'শরীয়তপুর',
        'Shariatpur Sadar:শরীয়তপুর সদর,Naria:নড়িয়া,Zajira:জাজিরা,Gosairhat:গোসাইরহাট,Bhedarganj:ভেদরগঞ্জ,Damudya:ডামুড্যা',
      ],
      [
        'Narayanganj',
        'নারায়ণগঞ্জ',
        'Araihazar:আড়াইহাজার,Bandar:বন্দর,Narayanganj Sadar:নারায়ণগঞ্জ সদর,Rupganj:রূপগঞ্জ,Sonargaon:সোনারগাঁ',
      ],
      [
        'Tangail',
        'টাঙ্গাইল',
        'Basail:বাসাইল,Bhuapur:ভুয়াপুর,Delduar:দেলদুয়ার,Ghatail:ঘাটাইল,Gopalpur:গোপালপুর,Madhupur:মধুপুর,Mirzapur:মির্জাপুর,Nagarpur:নাগরপুর,Sakhipur:সখিপুর,Tangail Sadar:টাঙ্গাইল সদর,Kalihati:কালিহাতী,Dhanbari:ধনবাড়ী',
      ],
      [
        'Kishoreganj',
        'কিশোরগঞ্জ',
        'Itna:ইটনা,Katiadi:কটিয়াদী,Bhairab:ভৈরব,Tarail:তাড়াইল,Hossainpur:হোসেনপুর,Pakundia:পাকুন্দিয়া,Kuliarchar:কুলিয়ারচর,Kishoreganj Sadar:কিশোরগঞ্জ সদর,Karimganj:করিমগঞ্জ,Bajitpur:বাজিতপুর,Austagram:অষ্টগ্রাম,Mithamoin:মিঠামইন,Nikli:নিকলী',
      ],
      [
        'Manikganj',
        'মানিকগঞ্জ',
        'Harirampur:হরিরামপুর,Saturia:সাটুরিয়া,Manikganj Sadar:মানিকগঞ্জ সদর,Ghior:ঘিওর,Shibalaya:শিবালয়,Daulatpur:দৌলতপুর,Singair:সিংগাইর',
      ],
      ['Dhaka', 'ঢাকা', 'Savar:সাভার,Dhamrai:ধামরাই,Keraniganj:কেরাণীগঞ্জ,Nawabganj:নবাবগঞ্জ,Dohar:দোহার'],
      [
        'Munshiganj',
        'মুন্সিগঞ্জ',
        'Munshiganj Sadar:মুন্সিগঞ্জ সদর,Sreenagar:শ্রীনগর,Sirajdikhan:সিরাজদিখান,Louhajang:লৌহজং,Gajaria:গজারিয়া,Tongibari:টংগীবাড়ি',
      ],
      [
        'Rajbari',
        'রাজবাড়ী',
        'Rajbari Sadar:রাজবাড়ী সদর,Goalanda:গোয়ালন্দ,Pangsha:পাংশা,Baliakandi:বালিয়াকান্দি,Kalukhali:কালুখালী',
      ],
      ['Madaripur', 'মাদারীপুর', 'Madaripur Sadar:মাদারীপুর সদর,Shibchar:শিবচর,Kalkini:কালকিনি,Rajoir:রাজৈর,Dasar:ডাসার'],
      [
        'Gopalganj',
        'গোপালগঞ্জ',
        'Gopalganj Sadar:গোপালগঞ্জ সদর,Kashiani:কাশিয়ানী,Tungipara:টুংগীপাড়া,Kotalipara:কোটালীপাড়া,Muksudpur:মুকসুদপুর',
      ],
      [
        'Faridpur',
        'ফরিদপুর',
        'Faridpur Sadar:ফরিদপুর সদর,Alfadanga:আলফাডাঙ্গা,Boalmari:বোয়ালমারী,Sadarpur:সদরপুর,Nagarkanda:নগরকান্দা,Bhanga:ভাঙ্গা,Charbhadrasan:চরভদ্রাসন,Madhukhali:মধুখালী,Saltha:সালথা',
      ],
    ],
  ],
  [
    'Chattogram',
    'চট্টগ্রাম',
    [
      [
        'Cumilla',
        'কুমিল্লা',
        'Debidwar:দেবিদ্বার,Barura:বরুড়া,Brahmanpara:ব্রাহ্মণপাড়া,Chandina:চান্দিনা,Chauddagram:চৌদ্দগ্রাম,Daudkandi:দাউদকান্দি,Homna:হোমনা,Laksam:লাকসাম,Muradnagar:মুরাদনগর,Nangalkot:নাঙ্গলকোট,Cumilla Sadar:কুমিল্লা সদর,Meghna:মেঘনা,Monohargonj:মনোহরগঞ্জ,Cumilla Sadar South:সদর দক্ষিণ,Titas:তিতাস,Burichang:বুড়িচং,Lalmai:লালমাই',
      ],
      [
        'Feni',
        'ফেনী',
        'Chhagalnaiya:ছাগলনাইয়া,Feni Sadar:ফেনী সদর,Sonagazi:সোনাগাজী,Fulgazi:ফুলগাজী,Parshuram:পরশুরাম,Daganbhuiyan:দাগনভূঞা',
      ],
      [
        'Brahmanbaria',
        'ব্রাহ্মণবাড়িয়া',
        'Brahmanbaria Sadar:ব্রাহ্মণবাড়িয়া সদর,Kasba:কসবা,Nasirnagar:নাসিরনগর,Sarail:সরাইল,Ashuganj:আশুগঞ্জ,Akhaura:আখাউড়া,Nabinagar:নবীনগর,Bancharampur:বাঞ্ছারামপুর,Bijoynagar:বিজয়নগর',
      ],
      [
        'Rangamati',
        'রাঙ্গামাটি',
        'Rangamati Sadar:রাঙ্গামাটি সদর,Kaptai:কাপ্তাই,Kawkhali:কাউখালী,Baghaichari:বাঘাইছড়ি,Barkal:বরকল,Langadu:লংগদু,Rajasthali:রাজস্থলী,Belaichari:বিলাইছড়ি,Juraichari:জুরাছড়ি,Naniarchar:নানিয়ারচর',
      ],
      [
        'Noakhali',
        'নোয়াখালী',
        'Noakhali Sadar:নোয়াখালী সদর,Companiganj:কোম্পানীগঞ্জ,Begumganj:বেগমগঞ্জ,Hatia:হাতিয়া,Subarnachar:সুবর্ণচর,Kabirhat:কবিরহাট,Senbagh:সেনবাগ,Chatkhil:চাটখিল,Sonaimuri:সোনাইমুড়ী',
      ],
      [
        'Chandpur',
        'চাঁদপুর',
        'Haimchar:হাইমচর,Kachua:কচুয়া,Shahrasti:শাহরাস্তি,Chandpur Sadar:চাঁদপুর সদর,Matlab South:মতলব দক্ষিণ,Hajiganj:হাজীগঞ্জ,Matlab North:মতলব উত্তর,Faridganj:ফরিদগঞ্জ',
      ],
      [
        'Lakshmipur',
        'লক্ষ্মীপুর',
        'Lakshmipur Sadar:লক্ষ্মীপুর সদর,Kamalnagar:কমলনগর,Raipur:রায়পুর,Ramgati:রামগতি,Ramganj:রামগঞ্জ',
      ],
      [
        'Chattogram',
        'চট্টগ্রাম',
        'Rangunia:রাঙ্গুনিয়া,Sitakunda:সীতাকুণ্ড,Mirsharai:মীরসরাই,Patiya:পটিয়া,Sandwip:সন্দ্বীপ,Banshkhali:বাঁশখালী,Boalkhali:বোয়ালখালী,Anwara:আনোয়ারা,Chandanaish:চন্দনাইশ,Satkania:সাতকানিয়া,Lohagara:লোহাগাড়া,Hathazari:হাটহাজারী,Fatikchhari:ফটিকছড়ি,Raozan:রাউজান,Karnaphuli:কর্ণফুলী',
      ],
      [
        "Cox's Bazar",
        'কক্সবাজার',
        "Cox's Bazar Sadar:কক্সবাজার সদর,Chakaria:চকরিয়া,Kutubdia:কুতুবদিয়া,Ukhiya:উখিয়া,Maheshkhali:মহেশখালী,Pekua:পেকুয়া,Ramu:রামু,Teknaf:টেকনাফ,Eidgaon:ঈদগাঁও",
      ],
      [
        'Khagrachhari',
        'খাগড়াছড়ি',
        'Khagrachhari Sadar:খাগড়াছড়ি সদর,Dighinala:দিঘীনালা,Panchhari:পানছড়ি,Laxmichhari:লক্ষীছড়ি,Mahalchhari:মহালছড়ি,Manikchhari:মানিকছড়ি,Ramgarh:রামগড়,Matiranga:মাটিরাঙ্গা,Guimara:গুইমারা',
      ],
      [
        'Bandarban',
        'বান্দরবান',
        'Bandarban Sadar:বান্দরবান সদর,Alikadam:আলীকদম,Naikhongchhari:নাইক্ষ্যংছড়ি,Rowangchhari:রোয়াংছড়ি,Lama:লামা,Ruma:রুমা,Thanchi:থানচি',
      ],
    ],
  ],
  [
    'Rajshahi',
    'রাজশাহী',
    [
      [
        'Sirajganj',
        'সিরাজগঞ্জ',
        'Belkuchi:বেলকুচি,Chauhali:চৌহালি,Kamarkhanda:কামারখন্দ,Kazipur:কাজীপুর,Raiganj:রায়গঞ্জ,Shahjadpur:শাহজাদপুর,Sirajganj Sadar:সিরাজগঞ্জ সদর,Tarash:তাড়াশ,Ullapara:উল্লাপাড়া',
      ],
      [
        'Pabna',
        'পাবনা',
        'Sujanagar:সুজানগর,Ishwardi:ঈশ্বরদী,Bhangura:ভাঙ্গুড়া,Pabna Sadar:পাবনা সদর,Bera:বেড়া,Atgharia:আটঘরিয়া,Chatmohar:চাটমোহর,Santhia:সাঁথিয়া,Faridpur:ফরিদপুর',
      ],
      [
        'Bogura',
        'বগুড়া',
        'Kahaloo:কাহালু,Bogura Sadar:বগুড়া সদর,Sariakandi:সারিয়াকান্দি,Shajahanpur:শাজাহানপুর,Dhupchanchia:দুপচাঁচিয়া,Adamdighi:আদমদিঘি,Nandigram:নন্দিগ্রাম,Sonatala:সোনাতলা,Dhunat:ধুনট,Gabtali:গাবতলী,Sherpur:শেরপুর,Shibganj:শিবগঞ্জ',
      ],
      [
        'Rajshahi',
        'রাজশাহী',
        'Paba:পবা,Durgapur:দুর্গাপুর,Mohanpur:মোহনপুর,Charghat:চারঘাট,Puthia:পুঠিয়া,Bagha:বাঘা,Godagari:গোদাগাড়ী,Tanore:তানোর,Bagmara:বাগমারা',
      ],
      [
        'Natore',
        'নাটোর',
        'Natore Sadar:নাটোর সদর,Singra:সিংড়া,Baraigram:বড়াইগ্রাম,Bagatipara:বাগাতিপাড়া,Lalpur:লালপুর,Gurudaspur:গুরুদাসপুর,Naldanga:নলডাঙ্গা',
      ],
      [
        'Joypurhat',
        'জয়পুরহাট',
        'Akkelpur:আক্কেলপুর,Kalai:কালাই,Khetlal:ক্ষেতলাল,Panchbibi:পাঁচবিবি,Joypurhat Sadar:জয়পুরহাট সদর',
      ],
      [
        'Chapai Nawabganj',
        'চাঁপাইনবাবগঞ্জ',
        'Chapai Nawabganj Sadar:চাঁপাইনবাবগঞ্জ সদর,Gomastapur:গোমস্তাপুর,Nachole:নাচোল,Bholahat:ভোলাহাট,Shibganj:শিবগঞ্জ',
      ],
      [
        'Naogaon',
        'নওগাঁ',
        'Mohadevpur:মহাদেবপুর,Badalgachhi:বদলগাছী,Patnitala:পত্নীতলা,Dhamoirhat:ধামইরহাট,Niamatpur:নিয়ামতপুর,Manda:মান্দা,Atrai:আত্রাই,Raninagar:রাণীনগর,Naogaon Sadar:নওগাঁ সদর,Porsha:পোরশা,Sapahar:সাপাহার',
      ],
    ],
  ],
  [
    'Khulna',
    'খুলনা',
    [
      [
        'Jashore',
        'যশোর',
        'Manirampur:মণিরামপুর,Abhaynagar:অভয়নগর,Bagherpara:বাঘারপাড়া,Chaugachha:চৌগাছা,Jhikargachha:ঝিকরগাছা,Keshabpur:কেশবপুর,Jashore Sadar:যশোর সদর,Sharsha:শার্শা',
      ],
      [
        'Satkhira',
        'সাতক্ষীরা',
        'Assasuni:আশাশুনি,Debhata:দেবহাটা,Kalaroa:কলারোয়া,Satkhira Sadar:সাতক্ষীরা সদর,Shyamnagar:শ্যামনগর,Tala:তালা,Kaliganj:কালিগঞ্জ',
      ],
      ['Meherpur', 'মেহেরপুর', 'Mujibnagar:মুজিবনগর,Meherpur Sadar:মেহেরপুর সদর,Gangni:গাংনী'],
      ['Narail', 'নড়াইল', 'Narail Sadar:নড়াইল সদর,Lohagara:লোহাগড়া,Kalia:কালিয়া'],
      ['Chuadanga', 'চুয়াডাঙ্গা', 'Chuadanga Sadar:চুয়াডাঙ্গা সদর,Alamdanga:আলমডাঙ্গা,Damurhuda:দামুড়হুদা,Jibannagar:জীবননগর'],
      [
        'Kushtia',
        'কুষ্টিয়া',
        'Kushtia Sadar:কুষ্টিয়া সদর,Kumarkhali:কুমারখালী,Khoksa:খোকসা,Mirpur:মিরপুর,Daulatpur:দৌলতপুর,Bheramara:ভেড়ামারা',
      ],
      ['Magura', 'মাগুরা', 'Shalikha:শালিখা,Sreepur:শ্রীপুর,Magura Sadar:মাগুরা সদর,Mohammadpur:মহম্মদপুর'],
      [
        'Khulna',
        'খুলনা',
        'Paikgachha:পাইকগাছা,Phultala:ফুলতলা,Dighalia:দিঘলিয়া,Rupsha:রূপসা,Terokhada:তেরখাদা,Dumuria:ডুমুরিয়া,Batiaghata:বটিয়াঘাটা,Dacope:দাকোপ,Koyra:কয়রা',
      ],
      [
        'Bagerhat',
        'বাগেরহাট',
        'Fakirhat:ফকিরহাট,Bagerhat Sadar:বাগেরহাট সদর,Mollahat:মোল্লাহাট,Sarankhola:শরণখোলা,Rampal:রামপাল,Morrelganj:মোড়েলগঞ্জ,Kachua:কচুয়া,Mongla:মোংলা,Chitalmari:চিতলমারী',
      ],
      [
        'Jhenaidah',
        'ঝিনাইদহ',
        'Jhenaidah Sadar:ঝিনাইদহ সদর,Shailkupa:শৈলকুপা,Harinakunda:হরিণাকুণ্ডু,Kaliganj:কালীগঞ্জ,Kotchandpur:কোটচাঁদপুর,Maheshpur:মহেশপুর',
      ],
    ],
  ],
  [
    'Barishal',
    'বরিশাল',
    [
      ['Jhalokati', 'ঝালকাঠি', 'Jhalokati Sadar:ঝালকাঠি সদর,Kathalia:কাঠালিয়া,Nalchity:নলছিটি,Rajapur:রাজাপুর'],
      [
        'Patuakhali',
        'পটুয়াখালী',
        'Bauphal:বাউফল,Patuakhali Sadar:পটুয়াখালী সদর,Dumki:দুমকি,Dashmina:দশমিনা,Kalapara:কলাপাড়া,Mirzaganj:মির্জাগঞ্জ,Galachipa:গলাচিপা,Rangabali:রাঙ্গাবালী',
      ],
      [
        'Pirojpur',
        'পিরোজপুর',
        'Pirojpur Sadar:পিরোজপুর সদর,Nazirpur:নাজিরপুর,Kawkhali:কাউখালী,Indurkani:ইন্দুরকানী,Bhandaria:ভান্ডারিয়া,Mathbaria:মঠবাড়িয়া,Nesarabad:নেছারাবাদ',
      ],
      [
        'Barishal',
        'বরিশাল',
        'Barishal Sadar:বরিশাল সদর,Bakerganj:বাকেরগঞ্জ,Babuganj:বাবুগঞ্জ,Wazirpur:উজিরপুর,Banaripara:বানারীপাড়া,Gournadi:গৌরনদী,Agailjhara:আগৈলঝাড়া,Mehendiganj:মেহেন্দিগঞ্জ,Muladi:মুলাদী,Hizla:হিজলা',
      ],
      [
        'Bhola',
        'ভোলা',
        'Bhola Sadar:ভোলা সদর,Borhanuddin:বোরহানউদ্দিন,Char Fasson:চরফ্যাশন,Daulatkhan:দৌলতখান,Monpura:মনপুরা,Tazumuddin:তজুমদ্দিন,Lalmohan:লালমোহন',
      ],
      [
        'Barguna',
        'বরগুনা',
        'Amtali:আমতলী,Barguna Sadar:বরগুনা সদর,Betagi:বেতাগী,Bamna:বামনা,Patharghata:পাথরঘাটা,Taltali:তালতলী',
      ],
    ],
  ],
  [
    'Sylhet',
    'সিলেট',
    [
      [
        'Sylhet',
        'সিলেট',
        'Balaganj:বালাগঞ্জ,Beanibazar:বিয়ানীবাজার,Bishwanath:বিশ্বনাথ,Companiganj:কোম্পানীগঞ্জ,Fenchuganj:ফেঞ্চুগঞ্জ,Golapganj:গোলাপগঞ্জ,Gowainghat:গোয়াইনঘাট,Jaintiapur:জৈন্তাপুর,Kanaighat:কানাইঘাট,Sylhet Sadar:সিলেট সদর,Zakiganj:জকিগঞ্জ,Dakshin Surma:দক্ষিণ সুরমা,Osmani Nagar:ওসমানী নগর',
      ],
      [
        'Moulvibazar',
        'মৌলভীবাজার',
        'Barlekha:বড়লেখা,Kamalganj:কমলগঞ্জ,Kulaura:কুলাউড়া,Moulvibazar Sadar:মৌলভীবাজার সদর,Rajnagar:রাজনগর,Sreemangal:শ্রীমঙ্গল,Juri:জুড়ী',
      ],
      [
        'Habiganj',
        'হবিগঞ্জ',
        'Nabiganj:নবীগঞ্জ,Bahubal:বাহুবল,Ajmiriganj:আজমিরীগঞ্জ,Baniachong:বানিয়াচং,Lakhai:লাখাই,Chunarughat:চুনারুঘাট,Habiganj Sadar:হবিগঞ্জ সদর,Madhabpur:মাধবপুর',
      ],
      [
        'Sunamganj',
        'সুনামগঞ্জ',
        'Sunamganj Sadar:সুনামগঞ্জ সদর,South Sunamganj:দক্ষিণ সুনামগঞ্জ,Bishwambarpur:বিশ্বম্ভরপুর,Chhatak:ছাতক,Jagannathpur:জগন্নাথপুর,Dowarabazar:দোয়ারাবাজার,Tahirpur:তাহিরপুর,Dharmapasha:ধর্মপাশা,Jamalganj:জামালগঞ্জ,Shalla:শাল্লা,Derai:দিরাই,Madhyanagar:মধ্যনগর',
      ],
    ],
  ],
  [
    'Rangpur',
    'রংপুর',
    [
      ['Panchagarh', 'পঞ্চগড়', 'Panchagarh Sadar:পঞ্চগড় সদর,Debiganj:দেবীগঞ্জ,Boda:বোদা,Atwari:আটোয়ারী,Tetulia:তেতুলিয়া'],
      [
        'Dinajpur',
        'দিনাজপুর',
        'Nawabganj:নবাবগঞ্জ,Birganj:বীরগঞ্জ,Ghoraghat:ঘোড়াঘাট,Birampur:বিরামপুর,Parbatipur:পার্বতীপুর,Bochaganj:বোচাগঞ্জ,Kaharole:কাহারোল,Phulbari:ফুলবাড়ী,Dinajpur Sadar:দিনাজপুর সদর,Hakimpur:হাকিমপুর,Khansama:খানসামা,Biral:বিরল,Chirirbandar:চিরিরবন্দর',
      ],
      [
        'Lalmonirhat',
        'লালমনিরহাট',
        'Lalmonirhat Sadar:লালমনিরহাট সদর,Kaliganj:কালীগঞ্জ,Hatibandha:হাতীবান্ধা,Patgram:পাটগ্রাম,Aditmari:আদিতমারী',
      ],
      [
        'Nilphamari',
        'নীলফামারী',
        'Saidpur:সৈয়দপুর,Domar:ডোমার,Dimla:ডিমলা,Jaldhaka:জলঢাকা,Kishoreganj:কিশোরগঞ্জ,Nilphamari Sadar:নীলফামারী সদর',
      ],
      [
        'Gaibandha',
        'গাইবান্ধা',
        'Sadullapur:সাদুল্লাপুর,Gaibandha Sadar:গাইবান্ধা সদর,Palashbari:পলাশবাড়ী,Saghata:সাঘাটা,Gobindaganj:গোবিন্দগঞ্জ,Sundarganj:সুন্দরগঞ্জ,Phulchhari:ফুলছড়ি',
      ],
      [
        'Thakurgaon',
        'ঠাকুরগাঁও',
        'Thakurgaon Sadar:ঠাকুরগাঁও সদর,Pirganj:পীরগঞ্জ,Ranisankail:রাণীশংকৈল,Haripur:হরিপুর,Baliadangi:বালিয়াডাঙ্গী',
      ],
      [
        'Rangpur',
        'রংপুর',
        'Rangpur Sadar:রংপুর সদর,Gangachara:গংগাচড়া,Taraganj:তারাগঞ্জ,Badarganj:বদরগঞ্জ,Mithapukur:মিঠাপুকুর,Pirganj:পীরগঞ্জ,Kaunia:কাউনিয়া,Pirgachha:পীরগাছা',
      ],
      [
        'Kurigram',
        'কুড়িগ্রাম',
        'Kurigram Sadar:কুড়িগ্রাম সদর,Nageshwari:নাগেশ্বরী,Bhurungamari:ভুরুঙ্গামারী,Phulbari:ফুলবাড়ী,Rajarhat:রাজারহাট,Ulipur:উলিপুর,Chilmari:চিলমারী,Rowmari:রৌমারী,Char Rajibpur:চর রাজিবপুর',
      ],
    ],
  ],
  [
    'Mymensingh',
    'ময়মনসিংহ',
    [
      [
        'Sherpur',
        'শেরপুর',
        'Sherpur Sadar:শেরপুর সদর,Nalitabari:নালিতাবাড়ী,Sreebardi:শ্রীবরদী,Nakla:নকলা,Jhenaigati:ঝিনাইগাতী',
      ],
      [
        'Mymensingh',
        'ময়মনসিংহ',
        'Phulbaria:ফুলবাড়ীয়া,Trishal:ত্রিশাল,Bhaluka:ভালুকা,Muktagachha:মুক্তাগাছা,Mymensingh Sadar:ময়মনসিংহ সদর,Dhobaura:ধোবাউড়া,Phulpur:ফুলপুর,Haluaghat:হালুয়াঘাট,Gouripur:গৌরীপুর,Gafargaon:গফরগাঁও,Ishwarganj:ঈশ্বরগঞ্জ,Nandail:নান্দাইল,Tarakanda:তারাকান্দা',
      ],
      [
        'Jamalpur',
        'জামালপুর',
        'Jamalpur Sadar:জামালপুর সদর,Melandaha:মেলান্দহ,Islampur:ইসলামপুর,Dewanganj:দেওয়ানগঞ্জ,Sarishabari:সরিষাবাড়ী,Madarganj:মাদারগঞ্জ,Bakshiganj:বকশীগঞ্জ',
      ],
      [
        'Netrokona',
        'নেত্রকোণা',
        'Barhatta:বারহাট্টা,Durgapur:দুর্গাপুর,Kendua:কেন্দুয়া,Atpara:আটপাড়া,Madan:মদন,Khaliajuri:খালিয়াজুরী,Kalmakanda:কলমাকান্দা,Mohanganj:মোহনগঞ্জ,Purbadhala:পূর্বধলা,Netrokona Sadar:নেত্রকোণা সদর',
      ],
    ],
  ],
];

/**
 * The thanas of the city corporations, by the district they lie in: a school in Mirpur, Dhanmondi or
 * Panchlaish names its thana, not an upazila (the cities are outside the upazilas). Sources: the
 * thana lists of the metropolitan police units on Bangladesh Police's sites (police.gov.bd: Dhaka
 * DMP, 50 thanas, serving both Dhaka North and Dhaka South city corporations; Chattogram CMP, 16;
 * Khulna KMP, 8; Rajshahi RMP, 12; Sylhet SMP, 6; Barishal BMP, 4; Rangpur RpMP, 6; Gazipur GMP,
 * 8) and BBS's thana list of the Bangladesh Population and Housing Census 2022 (bbs.gov.bd). The
 * cities without a metropolitan police are served by district thanas: Narayanganj (Fatullah and
 * Siddhirganj; Narayanganj Sadar and Bandar are upazilas above), Cumilla and Mymensingh (Kotwali).
 * A thana named as an upazila of the same district (Karnaphuli, Paba, Dakshin Surma, Gazipur Sadar)
 * is that upazila already and is not repeated.
 */
const METRO_THANAS: Readonly<Record<string, string>> = {
  Dhaka:
    'Adabor:আদাবর,Airport:বিমানবন্দর,Badda:বাড্ডা,Banani:বনানী,Bangshal:বংশাল,Bhashantek:ভাসানটেক,' +
    'Cantonment:ক্যান্টনমেন্ট,Chawkbazar:চকবাজার,Dakshinkhan:দক্ষিণখান,Darus Salam:দারুস সালাম,Demra:ডেমরা,' +
    'Dhanmondi:ধানমন্ডি,Gendaria:গেন্ডারিয়া,Gulshan:গুলশান,Hatirjheel:হাতিরঝিল,Hazaribagh:হাজারীবাগ,' +
    'Jatrabari:যাত্রাবাড়ী,Kadamtali:কদমতলী,Kafrul:কাফরুল,Kalabagan:কলাবাগান,Kamrangirchar:কামরাঙ্গীরচর,' +
    'Khilgaon:খিলগাঁও,Khilkhet:খিলক্ষেত,Kotwali:কোতোয়ালী,Lalbagh:লালবাগ,Mirpur:মিরপুর,Mohammadpur:মোহাম্মদপুর,' +
    'Motijheel:মতিঝিল,Mugda:মুগদা,New Market:নিউ মার্কেট,Pallabi:পল্লবী,Paltan:পল্টন,Ramna:রমনা,' +
    'Rampura:রামপুরা,Rupnagar:রূপনগর,Sabujbagh:সবুজবাগ,Shah Ali:শাহ আলী,Shahbag:শাহবাগ,' +
    'Shahjahanpur:শাহজাহানপুর,Sher-e-Bangla Nagar:শেরেবাংলা নগর,Shyampur:শ্যামপুর,Sutrapur:সূত্রাপুর,' +
    'Tejgaon:তেজগাঁও,Tejgaon Industrial Area:তেজগাঁও শিল্পাঞ্চল,Turag:তুরাগ,Uttara East:উত্তরা পূর্ব,' +
    'Uttara West:উত্তরা পশ্চিম,Uttarkhan:উত্তরখান,Vatara:ভাটারা,Wari:ওয়ারী',
  Chattogram:
    'Akbar Shah:আকবর শাহ,Bakalia:বাকলিয়া,Bandar:বন্দর,Bayazid Bostami:বায়েজিদ বোস্তামী,Chandgaon:চান্দগাঁও,' +
    'Chawkbazar:চকবাজার,Double Mooring:ডবলমুরিং,EPZ:ইপিজেড,Halishahar:হালিশহর,Karnaphuli:কর্ণফুলী,' +
    'Khulshi:খুলশী,Kotwali:কোতোয়ালী,Pahartali:পাহাড়তলী,Panchlaish:পাঁচলাইশ,Patenga:পতেঙ্গা,Sadarghat:সদরঘাট',
  Khulna:
    'Aranghata:আড়ংঘাটা,Daulatpur:দৌলতপুর,Harintana:হরিণটানা,Khalishpur:খালিশপুর,Khan Jahan Ali:খানজাহান আলী,' +
    'Khulna Sadar:খুলনা সদর,Labanchara:লবণচরা,Sonadanga:সোনাডাঙ্গা',
  Rajshahi:
    'Airport:বিমানবন্দর,Belpukur:বেলপুকুর,Boalia:বোয়ালিয়া,Chandrima:চন্দ্রিমা,Damkura:দামকুড়া,Karnahar:কর্ণহার,' +
    'Kashiadanga:কাশিয়াডাঙ্গা,Katakhali:কাটাখালী,Motihar:মতিহার,Paba:পবা,Rajpara:রাজপাড়া,Shah Makhdum:শাহ মখদুম',
  Sylhet:
    'Airport:বিমানবন্দর,Dakshin Surma:দক্ষিণ সুরমা,Jalalabad:জালালাবাদ,Kotwali:কোতোয়ালী,Moglabazar:মোগলাবাজার,' +
    'Shah Poran:শাহপরাণ',
  Barishal: 'Airport:বিমানবন্দর,Bandar:বন্দর,Kawnia:কাউনিয়া,Kotwali:কোতোয়ালী',
  Rangpur: 'Hajirhat:হাজিরহাট,Haragach:হারাগাছ,Kotwali:কোতোয়ালী,Mahiganj:মাহিগঞ্জ,Parshuram:পরশুরাম,Tajhat:তাজহাট',
  Gazipur:
    'Basan:বাসন,Gacha:গাছা,Gazipur Sadar:গাজীপুর সদর,Kashimpur:কাশিমপুর,Konabari:কোনাবাড়ী,Pubail:পূবাইল,' +
    'Tongi East:টঙ্গী পূর্ব,Tongi West:টঙ্গী পশ্চিম',
  Narayanganj: 'Fatullah:ফতুল্লা,Siddhirganj:সিদ্ধিরগঞ্জ',
  Cumilla: 'Kotwali:কোতোয়ালী',
  Mymensingh: 'Kotwali:কোতোয়ালী',
};

const pairs = (list: string) =>
  list.split(',').map((pair) => {
    const [en, bn] = pair.split(':');
    return { name: en.trim(), nameBn: bn.trim() };
  });

/** The district's upazilas, then its city thanas that are not one of them by name. */
function placesOf(district: string, upazilas: string) {
  const own = pairs(upazilas);
  const names = new Set(own.map((u) => u.name));
  const thanas = METRO_THANAS[district] ? pairs(METRO_THANAS[district]) : [];
  return [...own, ...thanas.filter((t) => !names.has(t.name))];
}

export const BD_GEO: readonly GeoDivision[] = RAW.map(([name, nameBn, districts]) => ({
  name,
  nameBn,
  districts: districts.map(([dName, dBn, upazilas]) => ({
    name: dName,
    nameBn: dBn,
    upazilas: placesOf(dName, upazilas),
  })),
}));
