ALTER TABLE "classes" ADD COLUMN "class_name_bn" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_types" ADD COLUMN "exam_name_bn" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_sectors" ADD COLUMN "sector_name_bn" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "name_bn" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "subject_name_bn" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Backfill (docs/i18n.md, "Bangla names"): the lists of server/services/bangla-names.ts as of this
-- migration, matched on the English name trimmed, spaces collapsed, in lower case. Rows a school
-- already named in Bangla are left alone; names not listed stay '' (shown as written).
UPDATE "classes" AS c SET "class_name_bn" = v.bn FROM (VALUES
	('play', 'প্লে'),
	('nursery', 'নার্সারি'),
	('kg', 'কেজি'),
	('k.g', 'কেজি'),
	('one', 'প্রথম'),
	('two', 'দ্বিতীয়'),
	('three', 'তৃতীয়'),
	('four', 'চতুর্থ'),
	('five', 'পঞ্চম'),
	('six', 'ষষ্ঠ'),
	('seven', 'সপ্তম'),
	('eight', 'অষ্টম'),
	('nine', 'নবম'),
	('ten', 'দশম'),
	('eleven', 'একাদশ'),
	('twelve', 'দ্বাদশ')
) AS v(en, bn) WHERE c."class_name_bn" = '' AND lower(regexp_replace(trim(c."class_name"), '\s+', ' ', 'g')) = v.en;--> statement-breakpoint
UPDATE "subjects" AS s SET "subject_name_bn" = v.bn FROM (VALUES
	('bangla', 'বাংলা'),
	('english', 'ইংরেজি'),
	('mathematics', 'গণিত'),
	('math', 'গণিত'),
	('general mathematics', 'গণিত'),
	('higher mathematics', 'উচ্চতর গণিত'),
	('science', 'বিজ্ঞান'),
	('general science', 'বিজ্ঞান'),
	('physics', 'পদার্থবিজ্ঞান'),
	('chemistry', 'রসায়ন'),
	('biology', 'জীববিজ্ঞান'),
	('ict', 'আইসিটি'),
	('information and communication technology', 'আইসিটি'),
	('religion', 'ধর্ম'),
	('bangladesh and global studies', 'বাংলাদেশ ও বিশ্বপরিচয়'),
	('bgs', 'বাংলাদেশ ও বিশ্বপরিচয়'),
	('history', 'ইতিহাস'),
	('geography', 'ভূগোল'),
	('civics', 'পৌরনীতি'),
	('economics', 'অর্থনীতি'),
	('accounting', 'হিসাববিজ্ঞান'),
	('finance', 'ফিন্যান্স'),
	('business entrepreneurship', 'ব্যবসায় উদ্যোগ'),
	('agriculture', 'কৃষিশিক্ষা'),
	('physical education', 'শারীরিক শিক্ষা'),
	('arts and crafts', 'চারু ও কারুকলা'),
	('home science', 'গার্হস্থ্য বিজ্ঞান')
) AS v(en, bn) WHERE s."subject_name_bn" = '' AND lower(regexp_replace(trim(s."subject_name"), '\s+', ' ', 'g')) = v.en;--> statement-breakpoint
-- "X 1st Paper" / "X 2nd Paper": the listed name of X and the paper ("বাংলা ১ম পত্র").
UPDATE "subjects" AS s SET "subject_name_bn" = v.bn || CASE WHEN s."subject_name" ~* '1st\s+paper\s*$' THEN ' ১ম পত্র' ELSE ' ২য় পত্র' END FROM (VALUES
	('bangla', 'বাংলা'),
	('english', 'ইংরেজি'),
	('mathematics', 'গণিত'),
	('math', 'গণিত'),
	('general mathematics', 'গণিত'),
	('higher mathematics', 'উচ্চতর গণিত'),
	('science', 'বিজ্ঞান'),
	('general science', 'বিজ্ঞান'),
	('physics', 'পদার্থবিজ্ঞান'),
	('chemistry', 'রসায়ন'),
	('biology', 'জীববিজ্ঞান'),
	('ict', 'আইসিটি'),
	('information and communication technology', 'আইসিটি'),
	('religion', 'ধর্ম'),
	('bangladesh and global studies', 'বাংলাদেশ ও বিশ্বপরিচয়'),
	('bgs', 'বাংলাদেশ ও বিশ্বপরিচয়'),
	('history', 'ইতিহাস'),
	('geography', 'ভূগোল'),
	('civics', 'পৌরনীতি'),
	('economics', 'অর্থনীতি'),
	('accounting', 'হিসাববিজ্ঞান'),
	('finance', 'ফিন্যান্স'),
	('business entrepreneurship', 'ব্যবসায় উদ্যোগ'),
	('agriculture', 'কৃষিশিক্ষা'),
	('physical education', 'শারীরিক শিক্ষা'),
	('arts and crafts', 'চারু ও কারুকলা'),
	('home science', 'গার্হস্থ্য বিজ্ঞান')
) AS v(en, bn) WHERE s."subject_name_bn" = '' AND s."subject_name" ~* '(1st|2nd)\s+paper\s*$' AND lower(regexp_replace(trim(regexp_replace(s."subject_name", '\s*(1st|2nd)\s+paper\s*$', '', 'i')), '\s+', ' ', 'g')) = v.en;--> statement-breakpoint
UPDATE "shifts" AS t SET "name_bn" = v.bn FROM (VALUES
	('morning', 'প্রভাতি'),
	('day', 'দিবা'),
	('evening', 'সান্ধ্য')
) AS v(en, bn) WHERE t."name_bn" = '' AND lower(regexp_replace(trim(t."name"), '\s+', ' ', 'g')) = v.en;--> statement-breakpoint
UPDATE "exam_types" AS e SET "exam_name_bn" = v.bn FROM (VALUES
	('monthly class test 1', 'মাসিক শ্রেণি পরীক্ষা ১'),
	('monthly class test 2', 'মাসিক শ্রেণি পরীক্ষা ২'),
	('monthly class test 3', 'মাসিক শ্রেণি পরীক্ষা ৩'),
	('monthly class test 4', 'মাসিক শ্রেণি পরীক্ষা ৪'),
	('class test', 'শ্রেণি পরীক্ষা'),
	('half yearly (sub)', 'অর্ধবার্ষিক পরীক্ষা (সৃজনশীল)'),
	('half yearly (mcq)', 'অর্ধবার্ষিক পরীক্ষা (বহুনির্বাচনি)'),
	('half yearly', 'অর্ধবার্ষিক পরীক্ষা'),
	('half-yearly', 'অর্ধবার্ষিক পরীক্ষা'),
	('final (sub)', 'বার্ষিক পরীক্ষা (সৃজনশীল)'),
	('final (mcq)', 'বার্ষিক পরীক্ষা (বহুনির্বাচনি)'),
	('final', 'বার্ষিক পরীক্ষা'),
	('annual', 'বার্ষিক পরীক্ষা'),
	('annual exam', 'বার্ষিক পরীক্ষা'),
	('final exam', 'বার্ষিক পরীক্ষা'),
	('pre-test', 'প্রাক-নির্বাচনি পরীক্ষা'),
	('test', 'নির্বাচনি পরীক্ষা'),
	('extra curricular', 'সহপাঠ্যক্রমিক কার্যক্রম')
) AS v(en, bn) WHERE e."exam_name_bn" = '' AND lower(regexp_replace(trim(e."exam_name"), '\s+', ' ', 'g')) = v.en;--> statement-breakpoint
UPDATE "fee_sectors" AS f SET "sector_name_bn" = v.bn FROM (VALUES
	('session fee', 'সেশন ফি'),
	('tuition', 'মাসিক বেতন'),
	('tuition fee', 'মাসিক বেতন'),
	('exam fee', 'পরীক্ষার ফি'),
	('sports', 'ক্রীড়া ফি'),
	('sports fee', 'ক্রীড়া ফি'),
	('admission fee', 'ভর্তি ফি'),
	('registration fee', 'নিবন্ধন ফি'),
	('library fee', 'গ্রন্থাগার ফি'),
	('development fee', 'উন্নয়ন ফি'),
	('transport fee', 'পরিবহন ফি')
) AS v(en, bn) WHERE f."sector_name_bn" = '' AND lower(regexp_replace(trim(f."sector_name"), '\s+', ' ', 'g')) = v.en;