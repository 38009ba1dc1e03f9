import { UploadOutlined } from '@ant-design/icons';
import { AVATAR_EXTENSIONS, AVATAR_OUTPUT, CROP_BOX, validateAvatarFile } from '@cirrus/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { Alert, Button, Flex, Slider, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { cropToPng, drawCrop, loadImage, type PixelArea } from './crop';
import { errorTextOf } from './error-text';
import { useUploadAvatar } from './queries';

const ACCEPT = [...AVATAR_EXTENSIONS.map((ext) => `.${ext}`), 'image/jpeg', 'image/png', 'image/bmp'].join(
  ',',
);

interface PictureCropperProps {
  open: boolean;
  onClose: () => void;
}

/** The user's own avatar (spec 000 §2, §4, §5), sent by POST /api/v3/avatar/upload's two steps. */
export function AvatarCropperDialog(props: PictureCropperProps) {
  const { t } = useTranslation();
  return (
    <PictureCropperDialog
      {...props}
      upload={useUploadAvatar()}
      title={t('avatar.title')}
      success={t('avatar.success')}
    />
  );
}

/**
 * The picture cropper of spec 000 §2, §4, §5: pick a jpg, jpeg, png or bmp of at most 5 MB (empty
 * -> error_file_tips, else error_tips), place it in the 300x300 square crop box, and save: the
 * square becomes a 120x120 png, which `upload` sends (a user's avatar, a team's picture), and the
 * dialog closes.
 */
export function PictureCropperDialog({
  open,
  onClose,
  upload,
  title,
  success,
}: PictureCropperProps & {
  upload: UseMutationResult<unknown, Error, Blob>;
  title: string;
  success: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const [source, setSource] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  // A fresh start each time the dialog opens; object URLs are given back.
  useEffect(() => {
    if (!open) {
      setSource(null);
      setArea(null);
      setFileError(null);
      setZoom(1);
      setCrop({ x: 0, y: 0 });
      upload.reset();
    }
  }, [open, upload.reset]);
  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  useEffect(() => {
    if (source && area && preview.current) drawCrop(source.image, area, preview.current);
  }, [source, area]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const invalid = validateAvatarFile({ name: file.name, size: file.size });
    if (invalid) {
      setFileError(errorTextOf(invalid, language));
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      const image = await loadImage(url);
      setFileError(null);
      setSource({ url, image });
      setZoom(1);
      setCrop({ x: 0, y: 0 });
    } catch {
      URL.revokeObjectURL(url);
      setFileError(errorTextOf('error_tips', language));
    }
  };

  const save = async () => {
    if (!source || !area) return;
    const png = await cropToPng(source.image, area);
    upload.mutate(png, {
      onSuccess: () => {
        notify.success(success);
        onClose();
      },
    });
  };

  return (
    <GuardedModal
      open={open}
      onCancel={onClose}
      title={title}
      okText={t('avatar.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !source || !area }}
      confirmLoading={upload.isPending}
      onOk={() => void save()}
      width={600}
    >
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="avatar-file"
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = ''; // the same file may be picked again
        }}
      />
      <Flex vertical gap={12}>
        {(fileError || upload.error) && (
          <Alert type="error" showIcon title={fileError ?? errorMessage(upload.error, language)} />
        )}
        <Flex gap={24} align="flex-start">
          <div className="cirrus-cropper" style={{ width: CROP_BOX, height: CROP_BOX }}>
            {source ? (
              <Cropper
                image={source.url}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropSize={{ width: CROP_BOX, height: CROP_BOX }}
                objectFit="cover"
                minZoom={1}
                maxZoom={4}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            ) : (
              <Button
                icon={<UploadOutlined />}
                onClick={() => fileInput.current?.click()}
                className="cirrus-cropper-choose"
              >
                {t('avatar.choose')}
              </Button>
            )}
          </div>
          <Flex vertical gap={8} align="center" className="cirrus-cropper-side">
            <Typography.Text type="secondary">{t('avatar.preview')}</Typography.Text>
            <canvas
              ref={preview}
              width={AVATAR_OUTPUT}
              height={AVATAR_OUTPUT}
              className="cirrus-cropper-preview"
              aria-label={t('avatar.preview')}
            />
            {source && (
              <Button size="small" onClick={() => fileInput.current?.click()}>
                {t('avatar.chooseAnother')}
              </Button>
            )}
          </Flex>
        </Flex>
        {source && (
          <Flex align="center" gap={12} style={{ width: CROP_BOX }}>
            <Typography.Text type="secondary">{t('avatar.zoom')}</Typography.Text>
            <Slider
              min={1}
              max={4}
              step={0.01}
              value={zoom}
              onChange={setZoom}
              style={{ flex: 1 }}
              aria-label={t('avatar.zoom')}
            />
          </Flex>
        )}
        <Typography.Text type="secondary">{t('avatar.hint')}</Typography.Text>
      </Flex>
    </GuardedModal>
  );
}
