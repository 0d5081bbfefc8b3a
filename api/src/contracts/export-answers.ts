export { DataExport, EXPORT_LISTS, type DataExportAnswer, type ExportList } from '@vitrine/domain/answers';
